import { fireEvent, screen, waitFor } from '@testing-library/react';
import { productionMessages } from '@planta/contracts';
import { currentPath, mockApi, on, renderPage } from '@planta/ui/testing';
import ExtrusionStartPage from './extrusion-start.page';

/** Issue 37: a lead starting over an unfinished preparation is asked why, on the form, only once the API refuses. */

const ORDERS = [{ id: 9, number: 'OP-9', customer: 'Ventanas del Sur', profile: 'Perfil 40x20', die_id: 21, die_reference: 'M-100', line_id: 3 }];
// The copy is held only by its unfinished preparation, which this lead may override: it stays choosable.
const OPTIONS = {
  lines: [{ id: 3, name: 'Prensa 3', why: null }],
  dies: [
    { id: 21, name: 'M-100 · 1', die_reference: 'M-100', copy_number: 1, state: 'oven', why: productionMessages.preparationUnfinished, overridable: true },
  ],
};
const REFUSAL = productionMessages.preparationOpen('AL-2026-0043', 'herramental completo, medidas de entrada OK');
const REASON_LABEL = /^Motivo para iniciar sin terminar el alistamiento/;

describe('start extrusion over an unfinished preparation', () => {
  it('shows the reason field when the API asks for it, and sends the reason', async () => {
    const api = mockApi(on('GET', '/api/orders/hideClosedOrders', 200, ORDERS), on('GET', '/api/extrusion/start-options', 200, OPTIONS), (url, init) => {
      if (init.method !== 'POST' || url.pathname !== '/api/extrusion/start') return undefined;
      const body = JSON.parse(String(init.body)) as { override_reason?: string };
      return body.override_reason
        ? { status: 201, body: { id: 1 } }
        : {
            status: 409,
            body: {
              statusCode: 409,
              message: REFUSAL,
              error: 'Conflict',
              fields: { die_id: REFUSAL, override_reason: productionMessages.preparationOverrideReason },
            },
          };
    });
    renderPage(<ExtrusionStartPage />, { route: '/apps/extrusion/new', url: '/apps/extrusion/new?order=9' });
    await waitFor(() => expect((screen.getByLabelText(/^Copia de la matriz/) as HTMLSelectElement).value).toBe('21'));
    await waitFor(() => expect((screen.getByLabelText(/^Línea de extrusión/) as HTMLSelectElement).value).toBe('3'));
    expect(screen.queryByLabelText(REASON_LABEL)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Iniciar extrusión' }));
    expect(await screen.findByText(REFUSAL)).toBeTruthy();
    expect(await screen.findByText(productionMessages.preparationOverrideReason)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(REASON_LABEL), { target: { value: 'Urge el cliente' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar extrusión' }));
    await waitFor(() => expect(currentPath()).toBe('/apps/planning-kanban-board/board'));
    expect(api.calls('POST', '/api/extrusion/start').map((call) => call.body)).toEqual([
      { order_id: 9, die_id: 21, line_id: 3 },
      { order_id: 9, die_id: 21, line_id: 3, override_reason: 'Urge el cliente' },
    ]);
  });
});
