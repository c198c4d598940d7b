import { screen, waitFor } from '@testing-library/react';
import type { DieRunToConfirm } from '@planta/contracts';
import { mockApi, on, renderPage, type } from '@planta/ui/testing';
import DieConfirmationPage from './die-confirmation.page';

const RUN: DieRunToConfirm = {
  id: 62,
  die_id: 9,
  die_reference: 'EN-6020',
  copy_number: 1,
  die_state: 'press',
  die_running: false,
  order_id: 40,
  order_number: 'OP-EN-02442',
  profile: 'Perfil muro cortina 150',
  line_id: 1,
  line_name: 'Prensa 1',
  started_by_name: 'Luis Cárdenas',
  start_extrusion_time: '2026-11-28T17:44:00.000Z',
  end_extrusion_time: '2026-11-28T21:14:00.000Z',
  hours: 3.5,
  billets_pushed: 42,
  billet_kg: 1708.6,
  good_kg: 1250.5,
  scrap_kg: 35.2,
  confirmation: null,
};

describe('production confirmation form', () => {
  it("is prefilled with the run's billets, billet kg, good kg and scrap kg, and says what the run had once a figure is changed", async () => {
    mockApi(on('GET', '/api/die-confirmation/run/62', 200, RUN));
    renderPage(<DieConfirmationPage />, { route: '/apps/die-confirm-production/:id', url: '/apps/die-confirm-production/62' });
    const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
    await waitFor(() => expect(field('Tochos').value).toBe('42'));
    expect([field('Kg de tocho').value, field('Kg buenos').value, field('Kg de chatarra').value]).toEqual(['1708,6', '1250,5', '35,2']);
    expect(screen.queryByText(/Cambiado: la corrida dice/)).toBeNull();

    type(field('Kg buenos'), '1240');
    expect(await screen.findByText('Cambiado: la corrida dice 1250,5')).toBeTruthy();
    // Typed back as the run had it (another way of writing it): nothing to say.
    type(field('Kg buenos'), '1250.50');
    await waitFor(() => expect(screen.queryByText(/Cambiado: la corrida dice/)).toBeNull());
  });
});
