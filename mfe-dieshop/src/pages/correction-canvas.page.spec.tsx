import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CanvasItem, CorrectionRecordDetail } from '@planta/contracts';
import { ALL_GRANTS, mockApi, on, renderPage, type } from '@planta/ui/testing';
import type { CorrectionCanvasStageProps } from '../components/correction-canvas.stage';
import { makeArrow, makePin } from './correction-canvas.model';
import CorrectionCanvasPage from './correction-canvas.page';

/**
 * jsdom has no canvas: the konva stage is replaced by buttons that do what a finger does on it
 * (drop a pin, draw an arrow, tap a mark), through the same props the real stage calls.
 */
jest.mock('../components/correction-canvas.stage', () => ({
  __esModule: true,
  default: (props: CorrectionCanvasStageProps) => (
    <div role="img" aria-label={props.label} data-editable={String(Boolean(props.editable))} data-tool={props.tool} data-color={props.color}>
      {props.editable ? (
        <>
          <button
            type="button"
            onClick={() => {
              const pin = makePin(props.items, { x: 0.25, y: 0.5 }, props.color ?? '#d13438', 'pin-new');
              props.onChange?.([...props.items, pin]);
              props.onSelect?.(pin.id);
            }}
          >
            tocar el plano
          </button>
          <button
            type="button"
            onClick={() => props.onChange?.([...props.items, makeArrow({ x: 0.1, y: 0.1 }, { x: 0.4, y: 0.3 }, props.color ?? '#d13438', 'arrow-new')!])}
          >
            arrastrar una flecha
          </button>
        </>
      ) : null}
    </div>
  ),
}));

const PIN: CanvasItem = {
  kind: 'pin',
  id: 'pin-1',
  n: 1,
  x: 0.6,
  y: 0.4,
  dimension_label: 'A',
  measured_mm: 40.3,
  nominal_mm: 40,
  zone: 'Lengüeta',
  action: 'Frenar portada',
  color: '#d13438',
};

function record(change: Partial<CorrectionRecordDetail> = {}): CorrectionRecordDetail {
  return {
    id: 7,
    number: 'NC-2026-0007',
    die_label: 'EN-1042-1',
    profile_code: 'PF-1042',
    status: 'in_correction',
    canvas: { version: 1, aspect: 1.5, items: [PIN] },
    drawing_file_id: 31,
    drawing_url: '/api/correction-record/7/drawing',
    ...change,
  } as CorrectionRecordDetail;
}

const openPage = (grants = ALL_GRANTS) => renderPage(<CorrectionCanvasPage />, { route: '/apps/testCanvas/:id', url: '/apps/testCanvas/7', grants });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the marking canvas page', () => {
  it('drops a pin with a tap, fills it in the side form (decimal comma) and saves the canvas with PUT', async () => {
    const api = mockApi(
      on('GET', '/api/correction-record/7', 200, record()),
      on('PUT', '/api/correction-record/7/canvas', 200, (_url: URL, sent: unknown) => record({ canvas: sent as CorrectionRecordDetail['canvas'] })),
    );
    openPage();
    expect(await screen.findByRole('heading', { name: 'Lienzo de corrección NC-2026-0007' })).toBeTruthy();
    expect(screen.getByText('Matriz EN-1042-1 · Perfil PF-1042')).toBeTruthy();
    expect(await screen.findByRole('img', { name: /pines 1, flechas 0, trazos 0/ })).toBeTruthy();
    expect(screen.queryByText('Cambios sin guardar')).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: 'tocar el plano' }));
    const form = screen.getByRole('form', { name: 'Pin 2' });
    type(within(form).getByRole('textbox', { name: /^Cota/ }), 'B');
    type(within(form).getByRole('textbox', { name: /^Medido/ }), '2,15');
    type(within(form).getByRole('textbox', { name: /^Nominal/ }), '2');
    type(within(form).getByRole('textbox', { name: /^Zona/ }), 'Pared interior');
    type(within(form).getByRole('textbox', { name: /^Acción propuesta/ }), 'Aliviar portada');
    expect(screen.getByText('Cambios sin guardar')).toBeTruthy();
    // Saved without 'Aplicar': what is typed goes with the canvas.
    fireEvent.click(button('Guardar lienzo'));
    await waitFor(() => expect(api.calls('PUT', '/api/correction-record/7/canvas')).toHaveLength(1));
    const sent = api.calls('PUT', '/api/correction-record/7/canvas')[0].body as { aspect: number; items: CanvasItem[] };
    expect(sent.aspect).toBe(1.5);
    expect(sent.items).toEqual([
      PIN,
      expect.objectContaining({
        kind: 'pin',
        n: 2,
        x: 0.25,
        y: 0.5,
        dimension_label: 'B',
        measured_mm: 2.15,
        nominal_mm: 2,
        zone: 'Pared interior',
        action: 'Aliviar portada',
      }),
    ]);
    await waitFor(() => expect(screen.queryByText('Cambios sin guardar')).toBeNull());
    // The legend reads the new pin as text.
    const legend = screen.getByRole('list', { name: 'Leyenda' });
    expect(within(legend).getByText('+0,15 mm')).toBeTruthy();
  });

  it('undoes and redoes marks, deletes the chosen one, and shows the API’s refusal', async () => {
    const api = mockApi(
      on('GET', '/api/correction-record/7', 200, record()),
      on('PUT', '/api/correction-record/7/canvas', 422, {
        statusCode: 422,
        message: 'El lienzo admite como máximo 200 marcas',
        error: 'Unprocessable Entity',
        fields: { items: 'El lienzo admite como máximo 200 marcas' },
      }),
    );
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'arrastrar una flecha' }));
    expect(screen.getByRole('img', { name: /flechas 1/ })).toBeTruthy();
    fireEvent.click(button('Deshacer'));
    expect(screen.getByRole('img', { name: /flechas 0/ })).toBeTruthy();
    expect(screen.queryByText('Cambios sin guardar')).toBeNull();
    fireEvent.click(button('Rehacer'));
    expect(screen.getByRole('img', { name: /flechas 1/ })).toBeTruthy();
    expect(button('Rehacer').disabled).toBe(true);

    fireEvent.click(button('Editar el pin 1'));
    expect(screen.getByRole('form', { name: 'Pin 1' })).toBeTruthy();
    fireEvent.click(button('Borrar la marca'));
    expect(screen.getByRole('img', { name: /pines 0, flechas 1/ })).toBeTruthy();

    fireEvent.click(button('Guardar lienzo'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('El lienzo admite como máximo 200 marcas')).toBeTruthy();
    expect(api.calls('PUT', '/api/correction-record/7/canvas')).toHaveLength(1);
    expect(screen.getByText('Cambios sin guardar')).toBeTruthy();
  });

  it('chooses tools and colours with big buttons, and says when the profile has no drawing', async () => {
    mockApi(on('GET', '/api/correction-record/7', 200, record({ drawing_file_id: null, drawing_url: null, canvas: null })));
    openPage();
    expect(await screen.findByText('El perfil no tiene plano cargado')).toBeTruthy();
    const stage = screen.getByRole('img', { name: /pines 0/ });
    expect(stage.dataset.tool).toBe('pin');
    fireEvent.click(button('Flecha'));
    expect(stage.dataset.tool).toBe('arrow');
    expect(button('Flecha').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button('Color: Rojo'));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: 'Azul' }));
    expect(stage.dataset.color).toBe('#0078d4');
    expect(button('Color: Azul')).toBeTruthy();
    expect(screen.getByText('Arrastra desde la cola hasta la punta de la flecha.')).toBeTruthy();
  });

  it('is read-only on a closed record', async () => {
    mockApi(on('GET', '/api/correction-record/7', 200, record({ status: 'closed' })));
    openPage();
    expect(await screen.findByText('El registro está cerrado: el lienzo se puede ver, no modificar.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar lienzo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pin' })).toBeNull();
    expect(screen.getByRole('img', { name: /pines 1/ }).dataset.editable).toBe('false');
    // Zoom stays: reading a drawing needs it.
    expect(button('Acercar')).toBeTruthy();
  });

  it('is read-only without the update grant on correction records', async () => {
    mockApi(on('GET', '/api/correction-record/7', 200, record()));
    openPage({ ...ALL_GRANTS, 'correction-records': { read: true, insert: false, update: false, delete: false } });
    expect(await screen.findByText(/No tienes permiso para modificar los registros de corrección/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar lienzo' })).toBeNull();
  });

  it('asks before leaving with unsaved marks', async () => {
    mockApi(on('GET', '/api/correction-record/7', 200, record()));
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'arrastrar una flecha' }));
    fireEvent.click(button('Volver al registro'));
    expect(await screen.findByRole('dialog', { name: 'Cambios sin guardar' })).toBeTruthy();
    fireEvent.click(button('Salir sin guardar'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/apps/correction-record/7'));
  });
});
