import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REQUIRED_TEXT, formatsOf, onSnackbar } from '@planta/ui';
import { ALL_GRANTS, currentPath, mockApi, on, renderPage, type } from '@planta/ui/testing';
import PlanningBoardPage from '../pages/planning-board.page';
import type { OrderDetail } from '@planta/contracts';
import { OrderDetailDialog } from './order-detail-dialog';

const es = formatsOf('es');

jest.mock('@planta/session', () => ({
  ...jest.requireActual('@planta/session'),
  subscribe: () => () => undefined,
  onCatchUp: () => () => undefined,
}));

/**
 * The dialog titled `title`. Found by its title's text, then checked to be the dialog that title
 * names: a role query over the whole board computes every element's accessibility in jsdom, which
 * under a loaded full run took longer than the query's patience.
 */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title);
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  expect(dialog).not.toBeNull();
  expect(dialog!.getAttribute('aria-modal')).toBe('true');
  expect(document.getElementById(dialog!.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(title);
  return dialog!;
}

const figures = (kg_h: number | null) => ({
  runs: 1,
  hours: 1,
  billets_pushed: 10,
  billet_kg: 1000,
  good_kg: 900,
  scrap_kg: 100,
  kg_h,
  recovery: 0.9,
  scrap_ratio: 0.1,
});
const ORDER: OrderDetail = {
  id: 4,
  number: 'OP-4',
  customer: 'Ventanas del Sur',
  profile: 'Perfil 40x20',
  die_id: 21,
  die_reference: 'M-100',
  copy_number: 2,
  alloy_id: 3,
  alloy_designation: '6063',
  alloy_temper: 'T5',
  finish_id: 7,
  finish_name: 'Anodizado plata',
  length_mm: 6000,
  quantity_pieces: 500,
  quantity_kg: 1200,
  due_date: '2025-03-01',
  line_id: 5,
  line_name: 'Prensa 1',
  status: 'in_press',
  board_position: 0,
  finished_at: null,
  created_at: '2026-11-01T08:00:00.000Z',
  missed_checks: 1,
  figures: figures(900),
  order_dies: [
    {
      id: 31,
      order_id: 4,
      started_by: 2,
      die_id: 21,
      line_id: 5,
      die_reference: 'M-100',
      copy_number: 2,
      line_name: 'Prensa 1',
      start_extrusion_time: '2025-02-20T08:00:00.000Z',
      end_extrusion_time: null,
      billets_pushed: null,
      billet_kg: null,
      good_kg: null,
      scrap_kg: null,
      active_timer: true,
      dimension_marks: [
        { at: '2025-02-20T08:10:00.000Z', state: 'answered' },
        { at: '2025-02-20T08:20:00.000Z', state: 'missed' },
        { at: '2025-02-20T08:30:00.000Z', state: 'due' },
      ],
      missed_checks: 1,
      figures: { ...figures(null), runs: 0 },
      paused: false,
      paused_since: null,
      pause_cause: null,
      paused_ms: 0,
      running_ms: 35 * 60_000,
    },
  ],
};

const renderDialog = (onChanged = jest.fn()) => {
  renderPage(<OrderDetailDialog orderId={4} onClose={() => undefined} onChanged={onChanged} />, { route: '/', url: '/' });
  return onChanged;
};

describe('order detail dialog', () => {
  it('shows the order, its run and highlights the missed 10-minute check', async () => {
    mockApi(on('GET', '/api/orders/4', 200, ORDER));
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Orden OP-4' });
    expect(within(dialog).getByText('Ventanas del Sur')).toBeTruthy();
    expect(within(dialog).getByText('6063 T5')).toBeTruthy();
    expect(within(dialog).getByText('M-100 copia 2')).toBeTruthy();
    expect(within(dialog).getByText('En prensa')).toBeTruthy();
    expect(within(dialog).getByText('Controles de 10 minutos perdidos en la orden: 1')).toBeTruthy();
    expect(within(dialog).getByText('Respondidos: 1 · Perdidos: 1')).toBeTruthy();
    const missed = dialog.querySelectorAll('li[data-state="missed"]');
    expect(missed).toHaveLength(1);
    expect(missed[0].textContent).toMatch(/Perdido$/);
    expect(dialog.querySelector('li[data-state="answered"]')?.textContent).toMatch(/Respondido$/);
  });

  it('shows a run whose press is stopped as paused, with the cause', async () => {
    const paused = { ...ORDER.order_dies[0], paused: true, paused_since: '2025-02-20T08:35:00.000Z', pause_cause: 'electrical' as const };
    mockApi(on('GET', '/api/orders/4', 200, { ...ORDER, order_dies: [paused] }));
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Orden OP-4' });
    const badge = await within(dialog).findByTestId('run-paused');
    expect(badge.textContent).toBe(`En pausa desde ${es.time(paused.paused_since)}: Falla eléctrica`);
    // Its 'Extruyendo' badge gives way to the paused one ('Extruyendo' stays only as its end, not yet reached).
    expect(
      within(within(dialog).getByTestId('run-31'))
        .getAllByText('Extruyendo')
        .map((node) => node.tagName),
    ).toEqual(['DD']);
  });

  it('validates the stop form, maps API field errors and stops the run', async () => {
    const shown: string[] = [];
    const stopSnackbars = onSnackbar((snackbar) => shown.push(snackbar.message));
    let refuse = true;
    const api = mockApi(on('GET', '/api/orders/4', 200, ORDER), (url, init) =>
      init.method === 'POST' && url.pathname === '/api/extrusion/31/stop'
        ? refuse
          ? { status: 400, body: { statusCode: 400, message: 'Datos no válidos', error: 'Bad Request', fields: { good_kg: 'Demasiados kg buenos' } } }
          : { status: 200, body: { id: 31 } }
        : undefined,
    );
    const onChanged = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Orden OP-4' });
    const stop = within(dialog).getByRole('button', { name: 'Detener extrusión' });

    fireEvent.click(stop);
    await waitFor(() => expect(within(dialog).getAllByText(REQUIRED_TEXT)).toHaveLength(3));
    expect(api.calls('POST', '/api/extrusion/31/stop')).toHaveLength(0);

    type(within(dialog).getByLabelText(/^Tochos empujados/), '0');
    type(within(dialog).getByLabelText(/^Kg buenos/), '900');
    type(within(dialog).getByLabelText(/^Kg de chatarra/), '100');
    fireEvent.click(stop);
    await waitFor(() => expect(within(dialog).queryAllByText(REQUIRED_TEXT)).toHaveLength(0));
    expect(api.calls('POST', '/api/extrusion/31/stop')).toHaveLength(0);

    type(within(dialog).getByLabelText(/^Tochos empujados/), '12');
    fireEvent.click(stop);
    expect(await within(dialog).findByText('Demasiados kg buenos')).toBeTruthy();
    expect(api.calls('POST', '/api/extrusion/31/stop')[0].body).toEqual({ billets_pushed: 12, good_kg: 900, scrap_kg: 100, order_complete: false });

    refuse = false;
    type(within(dialog).getByLabelText(/^Kg buenos/), '850');
    // The operator says the order is complete: it is finished with this run.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /La orden está completa/ }));
    fireEvent.click(stop);
    await waitFor(() => expect(shown).toContain('Extrusión detenida'));
    expect(api.calls('POST', '/api/extrusion/31/stop')[1].body).toEqual({ billets_pushed: 12, good_kg: 850, scrap_kg: 100, order_complete: true });
    expect(onChanged).toHaveBeenCalled();
    await waitFor(() => expect(api.calls('GET', '/api/orders/4')).toHaveLength(2));
    stopSnackbars();
  });
});

const BOARD_CARD = {
  id: 4,
  number: 'OP-4',
  customer: 'Ventanas del Sur',
  profile: 'Perfil 40x20',
  due_date: '2025-03-01',
  quantity_kg: 1200,
  die_reference: 'M-100',
  copy_number: 2,
  line_id: 5,
  line_name: 'Prensa 1',
  status: 'in_press',
  position: 0,
  running: true,
};

describe('planning board detail button', () => {
  jest.setTimeout(20_000);
  it('opens the order detail from the card menu', async () => {
    const api = mockApi(
      on('GET', '/api/planning-board', 200, {
        to_plan: [],
        to_plan_total: 0,
        planned: [],
        in_press: [BOARD_CARD],
        in_press_total: 1,
        finished: [],
        finished_total: 0,
      }),
      on('GET', '/api/orders/4', 200, ORDER),
    );
    renderPage(<PlanningBoardPage />, { route: '/apps/planning-kanban-board/board', url: '/apps/planning-kanban-board/board' });
    fireEvent.click(await screen.findByRole('button', { name: 'Acciones de OP-4' }));
    // A running order offers its detail, and no second start.
    expect(screen.queryByRole('menuitem', { name: 'Iniciar extrusión' })).toBeNull();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Ver detalle' }));
    // jsdom leaves this dialog aria-hidden after the menu (tabster); the browser test finds it by its role.
    expect(await screen.findByText('Anodizado plata', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('Orden OP-4')).toBeTruthy();
    expect(api.calls('GET', '/api/orders/4')).toHaveLength(1);
    // A running order: no second start.
    expect(screen.queryByText('Iniciar extrusión')).toBeNull();
  });
});

describe("'Iniciar extrusión' from an order", () => {
  jest.setTimeout(20_000);
  const planned = { ...ORDER, status: 'planned' as const, order_dies: [] };
  const card = { ...BOARD_CARD, status: 'planned', running: false };
  const board = {
    to_plan: [],
    to_plan_total: 0,
    planned: [{ line_id: 5, line_name: 'Prensa 1', cards: [card], total: 1 }],
    in_press: [],
    in_press_total: 0,
    finished: [],
    finished_total: 0,
  };

  it("opens the start page from a planned order's card menu and from its detail", async () => {
    mockApi(on('GET', '/api/planning-board', 200, board), on('GET', '/api/orders/4', 200, planned));
    renderPage(<PlanningBoardPage />, { route: '/apps/planning-kanban-board/board', url: '/apps/planning-kanban-board/board' });
    fireEvent.click(await screen.findByRole('button', { name: 'Acciones de OP-4' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Iniciar extrusión' }));
    await waitFor(() => expect(currentPath()).toBe('/apps/extrusion/new'));
  });

  it('is in the detail dialog of an order that can start', async () => {
    mockApi(on('GET', '/api/orders/4', 200, planned));
    renderPage(<OrderDetailDialog orderId={4} onClose={() => undefined} />, { url: '/apps/planning-kanban-board/board' });
    const dialog = await screen.findByRole('dialog', { name: 'Orden OP-4' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Iniciar extrusión' }));
    await waitFor(() => expect(currentPath()).toBe('/apps/extrusion/new'));
  });

  it('is not offered without the grant to start an extrusion', async () => {
    mockApi(on('GET', '/api/planning-board', 200, board), on('GET', '/api/orders/4', 200, planned));
    const grants = { ...ALL_GRANTS, extrusion: { read: true, insert: false, update: false, delete: false } };
    renderPage(<PlanningBoardPage />, { route: '/apps/planning-kanban-board/board', url: '/apps/planning-kanban-board/board', grants });
    fireEvent.click(await screen.findByRole('button', { name: 'Acciones de OP-4' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Ver detalle' }));
    expect(screen.queryByRole('menuitem', { name: 'Iniciar extrusión' })).toBeNull();
    const dialog = await dialogTitled('Orden OP-4');
    await within(dialog).findByText('Anodizado plata');
    expect(within(dialog).queryByRole('button', { name: 'Iniciar extrusión' })).toBeNull();
  });
});
