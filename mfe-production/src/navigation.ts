import { aluminumAlloyResource, extrusionLineResource, finishResource, machineResource, shiftResource } from '@planta/contracts';
import { pageItem, resourceNavItem, type NavigationItem } from '@planta/shell-contract';

/**
 * "Agile production" entry of the Applications group (spec 2.3: extrusion lines, the production
 * board, shifts and finishes), then where an operator's work begins (starting an extrusion), the
 * list of orders and the rest of the catalogue (alloys and machines), so that every screen of the
 * area can be reached.
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
      pageItem('extrusion', '/apps/extrusion/new', { icon: 'PlayCircleRegular', translate: 'shell:navigation.items.extrusionStart' }),
      pageItem('orders', '/apps/orders/all', { icon: 'ClipboardTaskListLtrRegular' }),
      resourceNavItem(aluminumAlloyResource),
      resourceNavItem(machineResource),
    ],
  },
];
