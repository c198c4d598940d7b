import { pageItem, type NavigationItem } from '@planta/shell-contract';

/** "Smart maintenance" entry of the Applications group (spec 2.3); urls from spec 2.2. */
export const MAINTENANCE_NAVIGATION: readonly NavigationItem[] = [
  {
    id: 'maintenance',
    type: 'collapse',
    title: 'Mantenimiento inteligente',
    icon: 'WrenchRegular',
    children: [
      pageItem('maintenance-dashboard', '/apps/maintenance-dashboard/all', { icon: 'GaugeRegular' }),
      pageItem('failure-damage-report', '/apps/failure-damage-report/all', { icon: 'WarningRegular' }),
      pageItem('maintenance-board', '/apps/maintenance-kanban-board', { icon: 'BoardRegular' }),
      pageItem('corrective-maintenance', '/apps/corrective-maintenance/all', { icon: 'WrenchSettingsRegular' }),
      pageItem('preventive-maintenance', '/apps/preventiveMaintenance/all', { icon: 'HistoryRegular' }),
    ],
  },
];
