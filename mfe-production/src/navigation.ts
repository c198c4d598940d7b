import { aluminumAlloyResource, extrusionLineResource, finishResource, machineResource, shiftResource } from '@planta/contracts';
import { pageItem, resourceNavItem, type NavigationItem } from '@planta/shell-contract';

/**
 * "Agile production" entry of the Applications group (spec 2.3: extrusion lines, the production
 * board, shifts and finishes), with the rest of the catalogue (alloys and machines) after them so
 * that every screen of the area can be reached.
 */
export const PRODUCTION_NAVIGATION: readonly NavigationItem[] = [
  {
    id: 'production',
    type: 'collapse',
    title: 'Producción ágil',
    icon: 'BuildingFactoryRegular',
    children: [
      resourceNavItem(extrusionLineResource),
      pageItem('planning-board', '/apps/planning-kanban-board', { icon: 'BoardRegular' }),
      resourceNavItem(shiftResource),
      resourceNavItem(finishResource),
      resourceNavItem(aluminumAlloyResource),
      resourceNavItem(machineResource),
    ],
  },
];
