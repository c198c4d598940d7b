import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onSnackbar, REQUIRED_TEXT } from '@planta/ui';
import { mockApi, on, paged, renderPage, type, type MockRoute } from '@planta/ui/testing';
import { OrderFormDialog, type EditableOrder } from './order-form-dialog';

const CATALOGS: MockRoute[] = [
  on(
    'GET',
    '/api/die/all',
    200,
    paged([
      { id: 21, die_reference: 'M-100', copy_number: 2, state: 'in_stock' },
      { id: 22, die_reference: 'M-100', copy_number: 3, state: 'cleaning' },
    ]),
  ),
  on('GET', '/api/aluminum-alloy/all', 200, paged([{ id: 3, designation: '6063', temper: 'T5' }])),
  on('GET', '/api/finish/all', 200, paged([{ id: 7, name: 'Anodizado plata' }])),
  on('GET', '/api/extrusion-line/all', 200, paged([{ id: 5, name: 'Prensa 1' }])),
];

const ORDER: EditableOrder = {
  id: 4,
  number: 'OP-4',
  customer: 'Ventanas del Sur',
  profile: 'Perfil 40x20',
  die_id: 21,
  alloy_id: 3,
  finish_id: null,
  length_mm: 6000,
  quantity_pieces: 500,
  quantity_kg: 1200,
  due_date: '2025-03-01',
  line_id: null,
  status: 'to_plan',
};

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label);

describe('order form dialog', () => {
  it('validates required fields in Spanish, posts the order and maps a 400 on the number field', async () => {
    const shown: string[] = [];
    const stopSnackbars = onSnackbar((snackbar) => shown.push(snackbar.message));
    let refuse = true;
    // A 400 on the number while `refuse` holds, then the saved order.
    const refusing = mockApi(
      (url, init) =>
        refuse && init.method === 'POST' && url.pathname === '/api/orders'
          ? {
              status: 400,
              body: { statusCode: 400, message: 'Datos no válidos', error: 'Bad Request', fields: { number: 'Ya existe una orden con ese número' } },
            }
          : undefined,
      ...CATALOGS,
      on('POST', '/api/orders', 200, (_url: URL, sent: unknown) => ({ ...ORDER, ...(sent as object), id: 9 })),
    );
    const onSaved = jest.fn();
    renderPage(<OrderFormDialog open onClose={() => undefined} onSaved={onSaved} />, { route: '/', url: '/' });
    const dialog = await screen.findByRole('dialog', { name: 'Nueva orden de producción' });
    await within(dialog).findByRole('option', { name: 'M-100 copia 2 · En inventario' });
    // Planned for later: a copy being cleaned says so and stays a choice.
    const cleaning = within(dialog).getByRole('option', { name: 'M-100 copia 3 · La matriz está en limpieza: no puede entrar en prensa' });
    expect((cleaning as HTMLOptionElement).disabled).toBe(false);
    await within(dialog).findByRole('option', { name: '6063 T5' });
    await within(dialog).findByRole('option', { name: 'Anodizado plata' });
    await within(dialog).findByRole('option', { name: 'Prensa 1' });
    const save = within(dialog).getByRole('button', { name: 'Guardar' });

    fireEvent.click(save);
    await waitFor(() => expect(within(dialog).getAllByText(REQUIRED_TEXT)).toHaveLength(7));
    expect(within(dialog).getByText('Elige la matriz')).toBeTruthy();
    expect(within(dialog).getByText('Elige la aleación')).toBeTruthy();
    expect(refusing.calls('POST', '/api/orders')).toHaveLength(0);

    type(field(dialog, /^Número de orden/), ' op-77 ');
    type(field(dialog, /^Cliente/), 'Ventanas del Sur');
    type(field(dialog, /^Perfil/), 'Perfil 40x20');
    fireEvent.change(field(dialog, /^Matriz/), { target: { value: '22' } });
    fireEvent.change(field(dialog, /^Aleación/), { target: { value: '3' } });
    fireEvent.change(field(dialog, /^Acabado/), { target: { value: '7' } });
    type(field(dialog, /^Longitud/), '6000');
    type(field(dialog, /^Cantidad \(piezas\)/), '0');
    type(field(dialog, /^Cantidad \(kg\)/), '1200.5');
    type(field(dialog, /^Fecha de entrega/), '2025-04-01');
    fireEvent.click(save);
    await waitFor(() => expect(within(dialog).queryAllByText(REQUIRED_TEXT)).toHaveLength(0));
    expect(within(dialog).getByText('Debe ser un número mayor que cero')).toBeTruthy();
    expect(refusing.calls('POST', '/api/orders')).toHaveLength(0);

    type(field(dialog, /^Cantidad \(piezas\)/), '500');
    fireEvent.click(save);
    expect(await within(dialog).findByText('Ya existe una orden con ese número')).toBeTruthy();
    const numberInput = field(dialog, /^Número de orden/);
    expect(numberInput.getAttribute('aria-invalid')).toBe('true');
    const expected = {
      number: 'OP-77',
      customer: 'Ventanas del Sur',
      profile: 'Perfil 40x20',
      die_id: 22,
      alloy_id: 3,
      finish_id: 7,
      length_mm: 6000,
      quantity_pieces: 500,
      quantity_kg: 1200.5,
      due_date: '2025-04-01',
      line_id: null,
    };
    expect(refusing.calls('POST', '/api/orders')[0].body).toEqual(expected);
    expect(onSaved).not.toHaveBeenCalled();

    refuse = false;
    fireEvent.change(field(dialog, /^Línea/), { target: { value: '5' } });
    fireEvent.click(save);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(refusing.calls('POST', '/api/orders')[1].body).toEqual({ ...expected, line_id: 5 });
    expect(shown).toContain('Orden OP-77 creada');
    stopSnackbars();
  });

  it('edits an order with a PATCH of the changed fields only', async () => {
    const api = mockApi(
      ...CATALOGS,
      on('PATCH', '/api/orders/4', 200, (_url: URL, sent: unknown) => ({ ...ORDER, ...(sent as object) })),
    );
    const onSaved = jest.fn();
    renderPage(<OrderFormDialog open order={ORDER} onClose={() => undefined} onSaved={onSaved} />, { route: '/', url: '/' });
    const dialog = await screen.findByRole('dialog', { name: 'Editar la orden OP-4' });
    await within(dialog).findByRole('option', { name: /^M-100 copia 3 · / });
    expect((field(dialog, /^Cliente/) as HTMLInputElement).value).toBe('Ventanas del Sur');
    type(field(dialog, /^Cantidad \(kg\)/), '1300');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls('PATCH', '/api/orders/4')[0].body).toEqual({ quantity_kg: 1300 });
  });

  it('asks before Esc or Cancelar throw a typed order away', async () => {
    mockApi(...CATALOGS);
    const onClose = jest.fn();
    renderPage(<OrderFormDialog open onClose={onClose} onSaved={() => undefined} />, { route: '/', url: '/' });
    const dialog = await screen.findByRole('dialog', { name: 'Nueva orden de producción' });
    type(field(dialog, /^Número de orden/), 'OP-77');
    fireEvent.keyDown(field(dialog, /^Número de orden/), { key: 'Escape' });
    fireEvent.click(await screen.findByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByText('Cambios sin guardar')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancelar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Salir sin guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
