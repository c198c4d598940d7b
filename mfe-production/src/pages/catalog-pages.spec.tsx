import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aluminumAlloyResource, finishResource, machineResource, messages, productionMessages } from '@planta/contracts';
import { ALL_GRANTS, currentPath, mockApi, on, paged, renderPage, type } from '@planta/ui/testing';
import { catalogPage } from './catalog.page';
import ShiftsPage from './shifts.page';

const MachinePage = catalogPage(machineResource);
const FinishPage = catalogPage(finishResource);
const AluminumAlloyPage = catalogPage(aluminumAlloyResource);
const IN_USE = messages.inUse('Órdenes de producción (3)');

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
const LINES = on('GET', '/api/extrusion-line/all', 200, paged([{ id: 3, name: 'Prensa 3' }]));

describe('machines', () => {
  it('validates, then creates a machine on a line', async () => {
    const api = mockApi(LINES, on('POST', '/api/machine', 201, { id: 1 }));
    renderPage(<MachinePage />, { route: '/apps/machine/:id', url: '/apps/machine/new' });
    save();
    expect(await screen.findByText(messages.required)).toBeTruthy();
    expect(screen.getByText('Elige el tipo de máquina')).toBeTruthy();
    type(screen.getByLabelText(/^Nombre de la máquina/), 'Sierra 1');
    fireEvent.change(screen.getByLabelText(/^Tipo de máquina/), { target: { value: 'saw' } });
    await screen.findByRole('option', { name: 'Prensa 3' });
    fireEvent.change(screen.getByLabelText(/^Línea de extrusión/), { target: { value: '3' } });
    save();
    await waitFor(() => expect(currentPath()).toBe('/apps/machine/all'));
    expect(api.calls('POST', '/api/machine')[0].body).toEqual({
      name: 'Sierra 1',
      code: '',
      type: 'saw',
      line_id: 3,
      parent_machine_id: null,
      status: 'operating',
      criticality: 'B',
      location: '',
      in_service_date: null,
      expected_mtbf_h: null,
      manufacturer: '',
      model: '',
    });
  });

  it('lists machines with translated type and status', async () => {
    mockApi(
      on(
        'GET',
        '/api/machine/all',
        200,
        paged([{ id: 1, name: 'Horno A', type: 'billet-furnace', status: 'out-of-service', line_id: null, manufacturer: '', model: '' }]),
      ),
    );
    renderPage(<MachinePage />, { route: '/apps/machine/:id', url: '/apps/machine/all' });
    expect(await screen.findByText('Horno de tochos')).toBeTruthy();
    expect(screen.getByText('Fuera de servicio')).toBeTruthy();
  });
});

describe('shifts', () => {
  it('requires at least one day and refuses the same start and end', async () => {
    const api = mockApi(LINES);
    renderPage(<ShiftsPage />, { route: '/apps/shifts/:id', url: '/apps/shifts/new' });
    type(screen.getByLabelText(/^Nombre del turno/), 'Mañana');
    type(screen.getByLabelText(/^Hora de inicio/), '06:00');
    type(screen.getByLabelText(/^Hora de fin/), '06:00');
    type(screen.getByLabelText(/^Supervisor/), 'Ana');
    save();
    expect(await screen.findByText(productionMessages.chooseDays)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Lunes'));
    save();
    expect(await screen.findByText(productionMessages.sameStartAndEnd)).toBeTruthy();
    expect(api.calls('POST', '/api/shifts')).toHaveLength(0);
  });

  it('maps the overlap refusal of the API onto its field', async () => {
    mockApi(
      LINES,
      on('POST', '/api/shifts', 400, {
        statusCode: 400,
        message: 'Los datos enviados no son válidos',
        error: 'Bad Request',
        fields: { start_time: productionMessages.shiftOverlap },
      }),
    );
    renderPage(<ShiftsPage />, { route: '/apps/shifts/:id', url: '/apps/shifts/new' });
    type(screen.getByLabelText(/^Nombre del turno/), 'Noche');
    type(screen.getByLabelText(/^Hora de inicio/), '22:00');
    type(screen.getByLabelText(/^Hora de fin/), '06:00');
    type(screen.getByLabelText(/^Supervisor/), 'Luis');
    fireEvent.click(screen.getByLabelText('Martes'));
    fireEvent.click(screen.getByLabelText('Lunes'));
    save();
    expect(await screen.findByText(productionMessages.shiftOverlap)).toBeTruthy();
    expect(currentPath()).toBe('/apps/shifts/new');
  });
});

describe('finishes', () => {
  it('asks colour and class only for anodised, with the schema messages', async () => {
    const api = mockApi(on('POST', '/api/finish', 201, { id: 1 }));
    renderPage(<FinishPage />, { route: '/apps/finish/:id', url: '/apps/finish/new' });
    type(screen.getByLabelText(/^Nombre del acabado/), 'Anodizado plata');
    fireEvent.change(screen.getByLabelText(/^Tipo de acabado/), { target: { value: 'anodised' } });
    save();
    expect(await screen.findByText(productionMessages.anodisedColour)).toBeTruthy();
    expect(screen.getByText(productionMessages.anodisedClass)).toBeTruthy();
    type(screen.getByLabelText(/^Color/), 'Plata');
    fireEvent.change(screen.getByLabelText(/^Clase de espesor/), { target: { value: 'AA15' } });
    save();
    await waitFor(() => expect(api.calls('POST', '/api/finish')).toHaveLength(1));
    expect(api.calls('POST', '/api/finish')[0].body).toMatchObject({ type: 'anodised', colour: 'Plata', micron_class: 'AA15' });
  });
});

describe('aluminium alloys', () => {
  it('shows the designation, density and min<max rules', async () => {
    mockApi();
    renderPage(<AluminumAlloyPage />, { route: '/apps/aluminum-alloy/:id', url: '/apps/aluminum-alloy/new' });
    type(screen.getByLabelText(/^Designación/), '60X3');
    type(screen.getByLabelText(/^Temple/), 'T6');
    type(screen.getByLabelText(/^Densidad/), '2.7');
    type(screen.getByLabelText(/^Temperatura mínima del tocho/), '500');
    type(screen.getByLabelText(/^Temperatura máxima del tocho/), '480');
    type(screen.getByLabelText(/^Temperatura mínima de salida/), '500');
    type(screen.getByLabelText(/^Temperatura máxima de salida/), '560');
    save();
    expect(await screen.findByText(productionMessages.alloyDesignation)).toBeTruthy();
    type(screen.getByLabelText(/^Designación/), '6063');
    save();
    expect(await screen.findByText(productionMessages.minNotBelowMax)).toBeTruthy();
  });

  it('shows the 409 of a delete of an alloy in use', async () => {
    const alloy = {
      id: 4,
      designation: '6063',
      temper: 'T5',
      density_g_cm3: 2.7,
      billet_temp_min_c: 450,
      billet_temp_max_c: 500,
      exit_temp_min_c: 500,
      exit_temp_max_c: 560,
    };
    const { onSnackbar } = await import('@planta/ui');
    const shown: string[] = [];
    const stop = onSnackbar((snackbar) => shown.push(snackbar.message));
    mockApi(
      on('GET', '/api/aluminum-alloy/4', 200, alloy),
      on('DELETE', '/api/aluminum-alloy/4', 409, { statusCode: 409, message: IN_USE, error: 'Conflict' }),
    );
    renderPage(<AluminumAlloyPage />, { route: '/apps/aluminum-alloy/:id', url: '/apps/aluminum-alloy/4' });
    expect(await screen.findByText('Aleación 6063 T5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(shown).toEqual([IN_USE]));
    stop();
  });
});

describe('texts of the generic screens', () => {
  it.each([
    ['/apps/machine/:id', MachinePage],
    ['/apps/finish/:id', FinishPage],
    ['/apps/aluminum-alloy/:id', AluminumAlloyPage],
    ['/apps/shifts/:id', ShiftsPage],
  ] as const)('%s shows every label, hint and placeholder as text, never as a key', async (route, Page) => {
    mockApi(LINES);
    const { container } = renderPage(<Page />, { route, url: route.replace(':id', 'new') });
    await screen.findByRole('button', { name: 'Guardar' });
    // A finish shows its anodising fields once anodised.
    const first = container.querySelector('select');
    if (first) fireEvent.change(first, { target: { value: 'anodised' } });
    expect(container.textContent).not.toMatch(/(production|common):|\.(fields|hints|placeholders|enums)\./);
  });
});

describe('grants on the generic screens', () => {
  const MACHINE = { id: 4, name: 'Sierra 2', type: 'saw', line_id: null, status: 'operating', manufacturer: 'Kaltenbach', model: 'KKS 400' };
  const grants = (machines: { read: boolean; insert: boolean; update: boolean; delete: boolean }) => ({ ...ALL_GRANTS, machines });

  it("offers 'Eliminar' only with the delete grant, and keeps 'Guardar' with update", async () => {
    mockApi(LINES, on('GET', '/api/machine/4', 200, MACHINE));
    renderPage(<MachinePage />, {
      route: '/apps/machine/:id',
      url: '/apps/machine/4',
      grants: grants({ read: true, insert: true, update: true, delete: false }),
    });
    expect(await screen.findByText('Máquina Sierra 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeTruthy();
    expect(screen.getByLabelText(/^Nombre de la máquina/).matches(':disabled')).toBe(false);
  });

  it('shows a record read only without the update grant: no Guardar, no Eliminar, every input disabled', async () => {
    const api = mockApi(LINES, on('GET', '/api/machine/4', 200, MACHINE));
    renderPage(<MachinePage />, {
      route: '/apps/machine/:id',
      url: '/apps/machine/4',
      grants: grants({ read: true, insert: true, update: false, delete: false }),
    });
    expect(await screen.findByText('Máquina Sierra 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
    for (const label of [/^Nombre de la máquina/, /^Tipo de máquina/, /^Fabricante/]) expect(screen.getByLabelText(label).matches(':disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(currentPath()).toBe('/apps/machine/all');
    expect(api.calls('PATCH', '/api/machine/4')).toHaveLength(0);
  });

  it("lists without 'Nuevo' when the user may not insert, and names the line of each machine", async () => {
    mockApi(LINES, on('GET', '/api/machine/all', 200, paged([{ ...MACHINE, line_id: 3 }])));
    renderPage(<MachinePage />, {
      route: '/apps/machine/:id',
      url: '/apps/machine/all',
      grants: grants({ read: true, insert: false, update: false, delete: false }),
    });
    expect(await screen.findByText('Sierra 2')).toBeTruthy();
    expect(await screen.findByText('Prensa 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuevo' })).toBeNull();
  });
});

describe('leaving a form', () => {
  const MACHINE = { id: 4, name: 'Sierra 2', type: 'saw', line_id: null, status: 'operating', manufacturer: 'Kaltenbach', model: 'KKS 400' };

  it("asks before 'Cancelar' throws typed values away, and stays when told to", async () => {
    mockApi(LINES);
    renderPage(<MachinePage />, { route: '/apps/machine/:id', url: '/apps/machine/new' });
    type(screen.getByLabelText(/^Nombre de la máquina/), 'Sierra 3');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Cambios sin guardar')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByText('Cambios sin guardar')).toBeNull());
    expect(currentPath()).toBe('/apps/machine/new');
    expect((screen.getByLabelText(/^Nombre de la máquina/) as HTMLInputElement).value).toBe('Sierra 3');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Salir sin guardar' }));
    await waitFor(() => expect(currentPath()).toBe('/apps/machine/all'));
  });

  it('leaves at once when nothing changed', async () => {
    mockApi(LINES, on('GET', '/api/machine/4', 200, MACHINE));
    renderPage(<MachinePage />, { route: '/apps/machine/:id', url: '/apps/machine/4' });
    expect(await screen.findByText('Máquina Sierra 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(currentPath()).toBe('/apps/machine/all'));
    expect(screen.queryByText('Cambios sin guardar')).toBeNull();
  });

  it('offers a way back to the list for a record that does not exist', async () => {
    mockApi(LINES, on('GET', '/api/machine/99', 404, { statusCode: 404, message: 'Registro no encontrado', error: 'Not Found' }));
    renderPage(<MachinePage />, { route: '/apps/machine/:id', url: '/apps/machine/99' });
    expect(await screen.findByText('No se pudo cargar el registro')).toBeTruthy();
    expect(screen.getByText('Este registro no existe o ya fue eliminado.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Volver a la lista' }));
    await waitFor(() => expect(currentPath()).toBe('/apps/machine/all'));
  });

  it('reads an address that can name no record like a missing record, without asking the API', async () => {
    const fetch = mockApi(LINES);
    renderPage(<MachinePage />, { route: '/apps/machine/:id', url: '/apps/machine/abc' });
    expect(await screen.findByText('Este registro no existe o ya fue eliminado.')).toBeTruthy();
    expect(screen.queryByText(/identificador/)).toBeNull();
    expect(fetch.calls('GET', '/api/machine/abc')).toHaveLength(0);
  });
});
