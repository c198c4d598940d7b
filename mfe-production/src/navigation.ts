import { pageItem, type NavigationItem } from '@planta/shell-contract';

/** "Agile production" entry of the Applications group (spec 2.3); urls from spec 2.2. */
export const PRODUCTION_NAVIGATION: readonly NavigationItem[] = [
  {
    id: 'production',
    type: 'collapse',
    title: 'Producción ágil',
    icon: 'BuildingFactoryRegular',
    children: [
      pageItem('extrusion-line', '/apps/extrusion-line/all', { icon: 'DataLineRegular' }),
      pageItem('planning-board', '/apps/planning-kanban-board', { icon: 'BoardRegular' }),
      pageItem('shifts', '/apps/shifts/all', { icon: 'ClockRegular' }),
      pageItem('finishes', '/apps/finish/all', { icon: 'PaintBrushRegular' }),
    ],
  },
];
