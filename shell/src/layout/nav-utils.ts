import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import type { NavigationItem, NavigationViewer, RemoteModule } from '@planta/shell-contract';
import { canCall, canOn, grantsAtom, userRolesAtom } from '@planta/session';
import { navigationFor } from '../navigation';
import { useRemoteStates } from '../remotes/remote-states';

/**
 * The i18n keys of a navigation entry: its own `translate` key if any, then
 * `shell:navigation.groups.<id>` for groups and collapses, `shell:navigation.pages.<id>` for the rest.
 */
export function navigationKeys(item: NavigationItem): string[] {
  const own = item.type === 'group' || item.type === 'collapse' ? `shell:navigation.groups.${item.id}` : `shell:navigation.pages.${item.id}`;
  return item.translate ? [item.translate, own] : [own];
}

/** The entry's title in the current language, `item.title` when no bundle has it. */
export function navigationTitle(t: TFunction, item: NavigationItem): string {
  return t(navigationKeys(item), { defaultValue: item.title });
}

/** The same tree with every title translated (so that search matches what the user reads). */
export function translateNavigation(t: TFunction, items: readonly NavigationItem[]): NavigationItem[] {
  return items.map((item) => ({
    ...item,
    title: navigationTitle(t, item),
    ...(item.children ? { children: translateNavigation(t, item.children) } : {}),
  }));
}

/** The modules of the remotes that loaded. */
export function useLoadedRemotes(): RemoteModule[] {
  const states = useRemoteStates();
  return useMemo(() => Object.values(states).flatMap((state) => (state.status === 'ready' ? [state.module] : [])), [states]);
}

/** The signed-in user as the menu, the search and the shell's controls judge them: their roles and the API's grants. */
export function useNavigationViewer(): NavigationViewer {
  const roles = useAtomValue(userRolesAtom);
  const grants = useAtomValue(grantsAtom);
  return useMemo(() => ({ roles, canRead: (page) => canOn(grants, page, 'read'), canCall: (need) => canCall(grants, need) }), [roles, grants]);
}

/** The navigation tree the signed-in user may see (spec 2.3): their roles, the pages their grants let them read and the calls each screen needs. */
export function useNavigationItems(): NavigationItem[] {
  const remotes = useLoadedRemotes();
  const viewer = useNavigationViewer();
  return useMemo(() => navigationFor(remotes, viewer), [remotes, viewer]);
}
