import {
  composeNavigation,
  filterNavigation,
  pageItem,
  type NavigationItem,
  type NavigationSource,
  type NavigationViewer,
  type RemoteModule,
  withRouteNeeds,
} from '@planta/shell-contract';

/** The dashboards live in the shell: the "Dashboards" entry of spec 2.3, urls from spec 2.2. */
export const DASHBOARDS_NAVIGATION: readonly NavigationItem[] = [
  {
    id: 'dashboards',
    type: 'collapse',
    title: 'Tableros',
    icon: 'DataTrendingRegular',
    children: [
      pageItem('dashboards-indicators', '/apps/dashboards/indicators', { icon: 'ChartMultipleRegular' }),
      pageItem('dashboards-analytics', '/apps/dashboards/analytics', { icon: 'DataPieRegular' }),
    ],
  },
];

export const SHELL_NAVIGATION: NavigationSource = { name: 'shell', navigation: DASHBOARDS_NAVIGATION };

/**
 * The navigation tree from the shell's own entries and the remotes that loaded: the
 * "Applications" group in the order of spec 2.3, then any group a remote adds. Remotes reach the
 * shell through federation at run time; the shell never imports their code.
 */
export function buildNavigation(remotes: readonly RemoteModule[]): NavigationItem[] {
  const routes = remotes.flatMap((remote) => remote.routes);
  return composeNavigation([SHELL_NAVIGATION, ...remotes.map((remote) => ({ ...remote, navigation: withRouteNeeds(remote.navigation, routes) }))]);
}

/**
 * What the navbar shows to a viewer: their roles, the pages their grants let them read (spec 2.3)
 * and, for a screen that needs more (its route's `needs`), every call it needs (issue 37).
 */
export function navigationFor(remotes: readonly RemoteModule[], viewer: NavigationViewer): NavigationItem[] {
  return filterNavigation(buildNavigation(remotes), viewer);
}
