import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { upcomingDueDates, type PmFormOptions } from '@planta/contracts';
import { defaultGrantsOf, mockApi, on, renderPage, type } from '@planta/ui/testing';
import { PreventivePlanForm } from './preventive-plan.form';

const OPTIONS: PmFormOptions = {
  machines: [
    { id: 1, name: 'Prensa 1' },
    { id: 2, name: 'Horno de tochos' },
  ],
  meters: [
    { id: 11, machine_id: 1, name: 'Tochos empujados', unit: 'tochos', value: 41200 },
    { id: 12, machine_id: 2, name: 'Horas de horno', unit: 'h', value: 900 },
  ],
  assignees: [{ id: 5, name: 'Andrés Olmedo' }],
};

const select = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });
const textbox = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

describe('preventive plan form', () => {
  it('asks in Spanish for what the trigger needs, offers only the machine’s meters, and posts the plan with its checklist', async () => {
    const api = mockApi(
      on('GET', '/api/preventive-plan-options', 200, OPTIONS),
      on('POST', '/api/preventive-plan', 201, (_url: URL, sent: unknown) => ({ ...(sent as object), id: 31 })),
    );
    renderPage(<PreventivePlanForm id="new" />, { route: '/apps/preventiveMaintenance/:id', url: '/apps/preventiveMaintenance/new' });
    await screen.findByRole('option', { name: 'Prensa 1' });
    // A calendar plan by default, with its next five dates from the shared calendar function.
    const preview = screen.getByRole('list', { name: 'Próximas fechas' });
    expect(within(preview).getAllByRole('listitem')).toHaveLength(5);

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Elige la máquina')).toBeTruthy();
    expect(screen.getAllByText('Este campo es obligatorio').length).toBeGreaterThan(0);
    expect(api.calls('POST', '/api/preventive-plan')).toHaveLength(0);

    fireEvent.change(select('Máquina'), { target: { value: '1' } });
    type(textbox('Nombre'), 'Revisión de la cuchilla');
    fireEvent.change(select('Disparador'), { target: { value: 'counter' } });
    await screen.findByRole('combobox', { name: /^Contador de la máquina/ });
    expect(screen.queryByRole('list', { name: 'Próximas fechas' })).toBeNull();
    const meters = within(select('Contador de la máquina'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(meters).toEqual(['—', expect.stringMatching(/^Tochos empujados \(41\.200 tochos\)$/)]);
    fireEvent.change(select('Contador de la máquina'), { target: { value: '11' } });
    // Typed as a Spanish plant writes it: '45.000' is forty-five thousand (issue 38).
    type(textbox('Intervalo'), '45.000');
    type(textbox('Aviso anticipado'), '45000');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El aviso anticipado debe ser menor que el intervalo')).toBeTruthy();

    type(textbox('Aviso anticipado'), '3.000,5');
    fireEvent.click(screen.getByRole('button', { name: 'Añadir punto' }));
    type(screen.getByRole('textbox', { name: /^Punto de control/ }), 'Inspeccionar la cuchilla');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.calls('POST', '/api/preventive-plan')).toHaveLength(1));
    expect(api.calls('POST', '/api/preventive-plan')[0].body).toMatchObject({
      machine_id: 1,
      name: 'Revisión de la cuchilla',
      trigger: 'counter',
      meter_id: 11,
      interval_value: 45000,
      lead_value: 3000.5,
      last_done_value: null,
      checklist: [{ kind: 'check', label: 'Inspeccionar la cuchilla', required: false }],
    });
  }, 30_000);

  it('shows a saved plan read-only to the user role, with its next dates, orders and skipped occurrences', async () => {
    const plan = {
      id: 7,
      name: 'Engrase mensual',
      machine_id: 1,
      machine_name: 'Prensa 1',
      description: '',
      trigger: 'calendar',
      every_n: 1,
      unit: 'month',
      anchor: 'fixed',
      skip_weekends: true,
      lead_days: 3,
      starts_on: '2026-01-31',
      next_due_on: '2026-03-31',
      meter_id: null,
      meter_name: null,
      meter_unit: null,
      meter_value: null,
      interval_value: null,
      lead_value: 0,
      last_done_value: null,
      next_due_value: null,
      counter_used: null,
      checklist: [],
      priority: 'medium',
      estimated_h: null,
      assignee_id: null,
      assignee_name: null,
      require_signature: false,
      active: true,
      last_completed_at: null,
      open_order: null,
      overdue: false,
      created_at: '2026-01-01T00:00:00.000Z',
      orders: [
        {
          id: 3,
          number: 'OT-2026-0003',
          status: 'completed',
          due_at: null,
          occurrence_on: '2026-01-31',
          trigger_meter_value: null,
          created_at: '2026-01-28T00:00:00.000Z',
          completed_at: '2026-03-10T00:00:00.000Z',
          assignee_name: null,
        },
      ],
      skips: [{ id: 1, skipped: 2, from_on: '2026-02-28', to_on: '2026-03-02', work_order_number: 'OT-2026-0003', logged_at: '2026-03-10T00:00:00.000Z' }],
    };
    mockApi(on('GET', '/api/preventive-plan-options', 200, OPTIONS), on('GET', '/api/preventive-plan/7', 200, plan));
    renderPage(<PreventivePlanForm id="7" />, {
      route: '/apps/preventiveMaintenance/:id',
      url: '/apps/preventiveMaintenance/7',
      grants: defaultGrantsOf(['user']),
    });
    expect(await screen.findByRole('heading', { name: 'Plan preventivo: Engrase mensual' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generar orden ahora' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Volver' })).toBeTruthy();
    const expected = upcomingDueDates({ every_n: 1, unit: 'month', anchor: 'fixed', skip_weekends: true }, '2026-01-31', '2026-03-31', 5);
    expect(expected).toEqual(['2026-03-31', '2026-04-30', '2026-06-01', '2026-06-30', '2026-07-31']);
    const shown = within(screen.getByRole('list', { name: 'Próximas fechas' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(shown[0]).toMatch(/^31\/03\/2026 \(martes\)$/);
    expect(shown[2]).toMatch(/^01\/06\/2026 \(lunes\)$/);
    expect(screen.getByRole('cell', { name: 'OT-2026-0003' })).toBeTruthy();
    expect(screen.getByText('2 ocurrencias omitidas')).toBeTruthy();
  });
});
