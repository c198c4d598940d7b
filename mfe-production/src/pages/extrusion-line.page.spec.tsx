import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { billetCrossSectionArea, decimalMessages, lineMessages, messages, productionMessages } from '@planta/contracts';
import { inputNumber, onSnackbar, type SnackbarMessage } from '@planta/ui';
import { currentPath, mockApi, on, paged, renderPage, type } from '@planta/ui/testing';
import ExtrusionLinePage from './extrusion-line.page';

const ROUTE = '/apps/extrusion-line/:id';
const IN_USE = messages.inUse('Máquinas (2) y Turnos de producción (1)');
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[()²/]/g, '\\$&')}`)) as HTMLInputElement;

const LINE = {
  id: 7,
  name: 'Prensa 1',
  press_tonnage_t: 2500,
  max_operating_pressure_bar: 250,
  container_brand: 'Wefa',
  container_reference: 'C-7',
  container_inner_diameter_mm: 210,
  billet_diameter_mm: 203,
  cooling_table_length_m: 45,
  net_productivity_goal_kg_h: 1800,
  tooling_diameter_mm: 400,
  tooling_length_mm: 300,
  container_temperature_control: 'radial-gradient',
  discard_length_mm: 20,
  max_billet_length_mm: 1200,
  blunt_length_mm: 25,
  table_length_m: 50,
  billet_cross_section_area_mm2: billetCrossSectionArea(203),
  billet_cross_section_area_overridden: false,
  usable_table_length_m: 48,
};

function fillValidLine() {
  type(field('Nombre de la línea'), 'Prensa 2');
  type(field('Tonelaje de la prensa (t)'), '1800');
  type(field('Presión máxima de operación (bar)'), '220');
  type(field('Diámetro interior del contenedor (mm)'), '185');
  fireEvent.change(field('Tipo de control de temperatura del contenedor'), { target: { value: 'single' } });
  type(field('Diámetro del tocho (mm)'), '178');
  type(field('Longitud máxima del tocho (mm)'), '1100');
  type(field('Longitud de descarte (mm)'), '20');
  type(field('Longitud del culote (mm)'), '25');
  type(field('Diámetro del herramental (mm)'), '350');
  type(field('Longitud del herramental (mm)'), '250');
  type(field('Longitud de la mesa de enfriamiento (m)'), '40');
  type(field('Longitud de la mesa (m)'), '42');
  type(field('Longitud útil de la mesa (m)'), '40');
  type(field('Meta de productividad neta (kg/h)'), '1500');
}

describe('extrusion line form', () => {
  let snackbars: SnackbarMessage[];
  let stop: () => void;
  beforeEach(() => {
    snackbars = [];
    stop = onSnackbar((snackbar) => snackbars.push(snackbar));
  });
  afterEach(() => stop());

  it('has every field of spec 2.4 with its unit, and the four temperature control options', () => {
    mockApi();
    renderPage(<ExtrusionLinePage />, { route: ROUTE, url: '/apps/extrusion-line/new' });
    for (const label of [
      'Nombre de la línea',
      'Tonelaje de la prensa (t)',
      'Presión máxima de operación (bar)',
      'Marca del contenedor',
      'Referencia del contenedor',
      'Diámetro interior del contenedor (mm)',
      'Diámetro del tocho (mm)',
      'Longitud de la mesa de enfriamiento (m)',
      'Meta de productividad neta (kg/h)',
      'Diámetro del herramental (mm)',
      'Longitud del herramental (mm)',
      'Tipo de control de temperatura del contenedor',
      'Longitud de descarte (mm)',
      'Longitud máxima del tocho (mm)',
      'Longitud del culote (mm)',
      'Longitud de la mesa (m)',
      'Área de sección del tocho (mm²)',
      'Longitud útil de la mesa (m)',
    ]) {
      expect(field(label)).toBeTruthy();
    }
    const options = within(field('Tipo de control de temperatura del contenedor'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options.slice(1)).toEqual([
      'Temperatura única (homogénea)',
      'Gradiente radial (interior-exterior)',
      'Gradiente longitudinal (atrás-adelante)',
      'Gradiente radial y longitudinal',
    ]);
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  });

  it('shows the schema Spanish messages on their fields and sends nothing', async () => {
    const api = mockApi();
    renderPage(<ExtrusionLinePage />, { route: ROUTE, url: '/apps/extrusion-line/new' });
    type(field('Diámetro interior del contenedor (mm)'), '180');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(messages.required)).toBeTruthy();
    expect(screen.getByText('Elige el tipo de control de temperatura')).toBeTruthy();
    expect(screen.getAllByText(messages.positiveNumber)).toHaveLength(12);
    expect(api.calls('POST', '/api/extrusion-line')).toHaveLength(0);
  });

  it('shows the cross-field rules of the schema on their fields', async () => {
    const api = mockApi();
    renderPage(<ExtrusionLinePage />, { route: ROUTE, url: '/apps/extrusion-line/new' });
    fillValidLine();
    type(field('Diámetro del tocho (mm)'), '190');
    type(field('Longitud útil de la mesa (m)'), '45');
    type(field('Longitud máxima del tocho (mm)'), '20');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(lineMessages.billetNotSmallerThanContainer)).toBeTruthy();
    expect(screen.getByText(lineMessages.usableTableTooLong)).toBeTruthy();
    expect(screen.getByText(lineMessages.discardNotShorterThanBillet)).toBeTruthy();
    expect(api.calls('POST', '/api/extrusion-line')).toHaveLength(0);
  });

  it('derives the billet cross-section area from the diameter until the user overrides it', async () => {
    mockApi();
    renderPage(<ExtrusionLinePage />, { route: ROUTE, url: '/apps/extrusion-line/new' });
    const area = field('Área de sección del tocho (mm²)');
    expect(area.value).toBe('');
    type(field('Diámetro del tocho (mm)'), '200');
    // As Spanish writes it: a decimal comma.
    expect(area.value).toBe('31415,93');
    type(field('Diámetro del tocho (mm)'), '172,5');
    expect(area.value).toBe(inputNumber(billetCrossSectionArea(172.5), 'es'));
    expect(screen.getByText('Calculada a partir del diámetro del tocho')).toBeTruthy();
    type(area, '30000');
    type(field('Diámetro del tocho (mm)'), '180');
    expect(area.value).toBe('30000');
    expect(screen.getByText('Valor introducido a mano')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Usar el valor calculado' }));
    expect(area.value).toBe(inputNumber(billetCrossSectionArea(180), 'es'));
  });

  it('creates a line (derived area sent as null), shows the success snackbar and goes back to the list', async () => {
    const api = mockApi(on('POST', '/api/extrusion-line', 201, { ...LINE, id: 8 }));
    renderPage(<ExtrusionLinePage />, { route: ROUTE, url: '/apps/extrusion-line/new' });
    fillValidLine();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(currentPath()).toBe('/apps/extrusion-line/all'));
    const [sent] = api.calls('POST', '/api/extrusion-line');
    expect(sent.body).toMatchObject({
      name: 'Prensa 2',
      press_tonnage_t: 1800,
      billet_diameter_mm: 178,
      container_temperature_control: 'single',
      billet_cross_section_area_mm2: null,
    });
    expect(snackbars).toEqual([expect.objectContaining({ message: 'Información Guardada', variant: 'success' })]);
  });

  it('reads numbers as a Spanish spreadsheet does, and refuses what it cannot read for sure, without saving', async () => {
    const api = mockApi(on('POST', '/api/extrusion-line', 201, LINE));
    renderPage(<ExtrusionLinePage />, { route: ROUTE, url: '/apps/extrusion-line/new' });
    fillValidLine();
    type(field('Diámetro del herramental (mm)'), '2,5');
    type(field('Longitud del herramental (mm)'), '12.5.3');
    type(field('Meta de productividad neta (kg/h)'), '1.500');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(decimalMessages.oneSeparator)).toBeTruthy();
    expect(api.calls('POST', '/api/extrusion-line')).toHaveLength(0);
    type(field('Longitud del herramental (mm)'), '250,75');
    type(field('Meta de productividad neta (kg/h)'), '1.500,5');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.calls('POST', '/api/extrusion-line')).toHaveLength(1));
    expect(api.calls('POST', '/api/extrusion-line')[0].body).toMatchObject({
      tooling_diameter_mm: 2.5,
      tooling_length_mm: 250.75,
      net_productivity_goal_kg_h: 1500.5,
    });
  });

  it('sends an overridden area as a number', async () => {
    const api = mockApi(on('POST', '/api/extrusion-line', 201, LINE));
    renderPage(<ExtrusionLinePage />, { route: ROUTE, url: '/apps/extrusion-line/new' });
    fillValidLine();
    type(field('Área de sección del tocho (mm²)'), '24000');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.calls('POST', '/api/extrusion-line')).toHaveLength(1));
    expect(api.calls('POST', '/api/extrusion-line')[0].body).toMatchObject({ billet_cross_section_area_mm2: 24000 });
  });

  it('puts the API field errors on their fields and stays', async () => {
    mockApi(
      on('POST', '/api/extrusion-line', 409, {
        statusCode: 409,
        message: productionMessages.lineNameTaken,
        error: 'Conflict',
        fields: { name: productionMessages.lineNameTaken },
      }),
    );
    renderPage(<ExtrusionLinePage />, { route: ROUTE, url: '/apps/extrusion-line/new' });
    fillValidLine();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(productionMessages.lineNameTaken)).toBeTruthy();
    expect(currentPath()).toBe('/apps/extrusion-line/new');
    expect(field('Nombre de la línea').getAttribute('aria-invalid')).toBe('true');
  });

  it('loads a line to edit, patches it, and keeps a derived area derived', async () => {
    const api = mockApi(on('GET', '/api/extrusion-line/7', 200, LINE), on('PATCH', '/api/extrusion-line/7', 200, LINE));
    renderPage(<ExtrusionLinePage />, { route: ROUTE, url: '/apps/extrusion-line/7' });
    await waitFor(() => expect(field('Nombre de la línea').value).toBe('Prensa 1'));
    expect(screen.getByText('Línea de extrusión Prensa 1')).toBeTruthy();
    expect(field('Tipo de control de temperatura del contenedor').value).toBe('radial-gradient');
    expect(field('Área de sección del tocho (mm²)').value).toBe('32365,47');
    type(field('Tonelaje de la prensa (t)'), '2600');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(currentPath()).toBe('/apps/extrusion-line/all'));
    expect(api.calls('PATCH', '/api/extrusion-line/7')[0].body).toMatchObject({ press_tonnage_t: 2600, billet_cross_section_area_mm2: null });
  });

  it('shows the API 409 message when deleting a line in use, and stays', async () => {
    const api = mockApi(
      on('GET', '/api/extrusion-line/7', 200, LINE),
      on('DELETE', '/api/extrusion-line/7', 409, { statusCode: 409, message: IN_USE, error: 'Conflict' }),
    );
    renderPage(<ExtrusionLinePage />, { route: ROUTE, url: '/apps/extrusion-line/7' });
    await waitFor(() => expect(field('Nombre de la línea').value).toBe('Prensa 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(snackbars).toEqual([expect.objectContaining({ message: IN_USE, variant: 'error' })]));
    expect(api.calls('DELETE', '/api/extrusion-line/7')).toHaveLength(1);
    expect(currentPath()).toBe('/apps/extrusion-line/7');
  });

  it('deletes a line that is not in use and goes back to the list', async () => {
    mockApi(on('GET', '/api/extrusion-line/7', 200, LINE), on('DELETE', '/api/extrusion-line/7', 204));
    renderPage(<ExtrusionLinePage />, { route: ROUTE, url: '/apps/extrusion-line/7' });
    await waitFor(() => expect(field('Nombre de la línea').value).toBe('Prensa 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(currentPath()).toBe('/apps/extrusion-line/all'));
  });

  it('cancel goes back to the list without saving', async () => {
    const api = mockApi(on('GET', '/api/extrusion-line/all', 200, paged([])));
    renderPage(<ExtrusionLinePage />, { route: ROUTE, url: '/apps/extrusion-line/new' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(currentPath()).toBe('/apps/extrusion-line/all');
    expect(await screen.findByText('Sin datos')).toBeTruthy();
    expect(api.calls('POST', '/api/extrusion-line')).toHaveLength(0);
  });
});

describe('extrusion line list', () => {
  it('lists the lines from the API sorted by name, with translated temperature control', async () => {
    const api = mockApi(on('GET', '/api/extrusion-line/all', 200, paged([LINE])), on('GET', '/api/extrusion-line/7', 200, LINE));
    renderPage(<ExtrusionLinePage />, { route: ROUTE, url: '/apps/extrusion-line/all' });
    expect(await screen.findByText('Prensa 1')).toBeTruthy();
    expect(screen.getByText('Gradiente radial (interior-exterior)')).toBeTruthy();
    const [call] = api.calls('GET', '/api/extrusion-line/all');
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ page: '1', pageSize: '10', sort: 'name', direction: 'asc' });
    fireEvent.click(screen.getByText('Prensa 1'));
    expect(currentPath()).toBe('/apps/extrusion-line/7');
    expect(await screen.findByDisplayValue('Prensa 1')).toBeTruthy();
  });
});
