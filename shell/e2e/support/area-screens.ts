import type { Page } from 'playwright-core';
import { settle, visible } from './browser';

/**
 * Each area's main screen (issue 17: "axe … on each area's main screen", touch targets on the
 * tablet layouts), seen by the account whose work it is: the first page the area's navigation
 * opens, or where that role's work begins. One row per screen; the axe, touch-target and
 * screenshot walks all read this table.
 */
export interface AreaScreen {
  /** what the test title says */
  name: string;
  /** the demo account that uses it */
  email: string;
  path: string;
  /** resolves once the page shows its content (its data loaded, not only its frame) */
  ready: (page: Page) => Promise<unknown>;
}

const main = (page: Page) => page.getByRole('main');
const h1 = (page: Page, name: string) => main(page).getByRole('heading', { name, level: 1 });
/** A list with its rows loaded (the header row and at least one record). */
const tableWithRows = async (page: Page, name: string) => {
  await visible(h1(page, name));
  await visible(main(page).getByRole('table', { name }).getByRole('row').nth(1));
};

export const AREA_SCREENS: readonly AreaScreen[] = [
  {
    name: 'production: the extrusion lines (first entry of Producción ágil), as a shift lead',
    email: 'jefe@norte.example',
    path: '/apps/extrusion-line/all',
    ready: (page) => tableWithRows(page, 'Líneas de extrusión'),
  },
  {
    name: "production: starting an extrusion (an operator's work at the press), as an operator",
    email: 'operario@norte.example',
    path: '/apps/extrusion/new',
    ready: (page) => visible(main(page).getByRole('button', { name: 'Iniciar extrusión' })),
  },
  {
    name: 'maintenance: the maintenance dashboard, as a shift lead',
    email: 'jefe@norte.example',
    path: '/apps/maintenance-dashboard/all',
    ready: async (page) => {
      await visible(h1(page, 'Panel de mantenimiento'));
      await visible(main(page).getByTestId('card-mttr'));
    },
  },
  {
    name: 'die shop: the die inventory, as the die technician',
    email: 'matriceria@norte.example',
    path: '/apps/dies/all',
    ready: (page) => tableWithRows(page, 'Inventario de matrices'),
  },
  {
    name: 'administration: the companies, as the plant manager',
    email: 'admin@norte.example',
    path: '/apps/company/all',
    ready: (page) => tableWithRows(page, 'Empresas'),
  },
  {
    name: "dashboards: 'Indicadores clave', as the plant manager",
    email: 'admin@norte.example',
    path: '/apps/dashboards/indicators',
    ready: async (page) => {
      await visible(h1(page, 'Indicadores clave'));
      await visible(page.locator('[data-widget="production-oee"]'));
    },
  },
];

/** Opens a screen (the page already signed in as its account) and waits until its data is shown. */
export async function openAreaScreen(page: Page, screen: AreaScreen): Promise<void> {
  await page.goto(screen.path);
  await screen.ready(page);
  await settle(page);
}
