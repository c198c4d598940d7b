import { screen } from '@testing-library/react';
import { extrusionEndpoints } from '@planta/contracts';
import type { RemoteModule, WidgetProps } from '@planta/shell-contract';
import { grantsAtom, sessionStore } from '@planta/session';
import { defaultGrantsOf } from '@planta/ui/testing';
import { FAKE_REMOTES, renderShell, resetSession, setRemotes, setUser } from '../testing/render-shell';
import { WidgetGrid } from './widget-grid';

const FILTERS = { from: '2026-11-23T00:00:00.000Z', to: null, lineId: 2, shiftId: null };
const seen: WidgetProps[] = [];
const widgetModule = (text: string) => async () => ({
  default: (props: WidgetProps) => {
    seen.push(props);
    return <p>{text}</p>;
  },
});
const production: RemoteModule = {
  ...FAKE_REMOTES.mfe_production!,
  widgets: [
    { id: 'production-oee', title: 'OEE por prensa', dashboard: 'indicators', page: 'extrusion-line', display: true, load: widgetModule('OEE 72 %') },
    { id: 'production-mine', title: 'Mi extrusión', dashboard: 'welcome', page: 'extrusion-line', load: widgetModule('Prensa 1') },
    // For those who may start a run: a reader of the page who may not gets no empty card.
    {
      id: 'production-starts',
      title: 'Mis arranques',
      dashboard: 'welcome',
      page: 'extrusion',
      needs: [extrusionEndpoints.start],
      load: widgetModule('Arranques'),
    },
  ],
};
const dieshop: RemoteModule = {
  ...FAKE_REMOTES.mfe_dieshop!,
  widgets: [
    { id: 'dieshop-dies', title: 'Matrices', dashboard: 'indicators', page: 'dies', load: widgetModule('12 en inventario') },
    { id: 'dieshop-corrections', title: 'Correcciones', dashboard: 'indicators', page: 'correction-records', load: widgetModule('3 abiertas') },
  ],
};
const broken: RemoteModule = {
  ...FAKE_REMOTES.mfe_dieshop!,
  widgets: [{ id: 'dieshop-dies', title: 'Matrices', dashboard: 'indicators', page: 'dies', load: () => Promise.reject(new Error('chunk failed')) }],
};

beforeEach(() => {
  resetSession();
  seen.length = 0;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('dashboard widgets', () => {
  it("shows the dashboard's widgets the user may read, with the filters, and an error card for an area whose remote is down", async () => {
    setUser(['admin']);
    setRemotes({ mfe_production: production, mfe_dieshop: dieshop });
    renderShell(<WidgetGrid dashboard="indicators" filters={FILTERS} />);
    expect(await screen.findByText('OEE 72 %')).toBeTruthy();
    expect(await screen.findByText('12 en inventario')).toBeTruthy();
    expect(screen.queryByText('Prensa 1')).toBeNull();
    expect(seen[0]).toMatchObject({ filters: FILTERS, display: false });
    // Maintenance did not load (FAKE remotes): its place says so, with a retry.
    expect(screen.getByRole('alert').textContent).toContain('Los indicadores de Mantenimiento inteligente no están disponibles');
  });

  it('hides the widgets of a page the user may not read, and the error card of such an area', async () => {
    setUser(['user']);
    // A company that took the correction records and the maintenance dashboard from its users.
    const grants = defaultGrantsOf(['user']);
    for (const page of ['correction-records', 'maintenance-dashboard']) grants[page] = { read: false, insert: false, update: false, delete: false };
    sessionStore.set(grantsAtom, { status: 'ready', companyId: 1, grants, colleague: true });
    setRemotes({ mfe_production: production, mfe_dieshop: dieshop });
    renderShell(<WidgetGrid dashboard="indicators" filters={FILTERS} />);
    expect(await screen.findByText('OEE 72 %')).toBeTruthy();
    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    expect(regions).toEqual(['OEE por prensa', 'Matrices']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hides a widget whose calls the grants do not allow, although they let the user read its page', async () => {
    setUser(['user']);
    const grants = defaultGrantsOf(['user']);
    grants['extrusion'] = { read: true, insert: false, update: false, delete: false };
    sessionStore.set(grantsAtom, { status: 'ready', companyId: 1, grants, colleague: true });
    setRemotes({ mfe_production: production });
    renderShell(<WidgetGrid dashboard="welcome" filters={FILTERS} />);
    expect(await screen.findByText('Prensa 1')).toBeTruthy();
    expect(screen.queryByText('Arranques')).toBeNull();

    sessionStore.set(grantsAtom, {
      status: 'ready',
      companyId: 1,
      grants: { ...grants, extrusion: { ...grants['extrusion'], insert: true } },
      colleague: true,
    });
    expect(await screen.findByText('Arranques')).toBeTruthy();
  });

  it('keeps a widget that fails to load inside its card', async () => {
    setUser(['admin']);
    setRemotes({ mfe_production: production, mfe_dieshop: broken });
    renderShell(<WidgetGrid dashboard="indicators" filters={FILTERS} />);
    expect(await screen.findByText('Este indicador no pudo mostrarse.')).toBeTruthy();
    expect(await screen.findByText('OEE 72 %')).toBeTruthy();
  });

  it('shows only the display widgets in the shop-floor display', async () => {
    setUser(['admin']);
    setRemotes({ mfe_production: production, mfe_dieshop: dieshop });
    renderShell(<WidgetGrid dashboard="indicators" filters={FILTERS} display onlyDisplay />);
    expect(await screen.findByText('OEE 72 %')).toBeTruthy();
    expect(screen.queryByText('12 en inventario')).toBeNull();
    expect(seen.at(-1)).toMatchObject({ display: true });
  });
});
