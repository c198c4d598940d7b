import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { canvasMessages, decimalMessages, type CanvasPin } from '@planta/contracts';
import { renderPage, type } from '@planta/ui/testing';
import { CanvasPinForm, type PinFormHandle } from './canvas-pin-form';

const PIN: CanvasPin = {
  kind: 'pin',
  id: 'pin-1',
  n: 3,
  x: 0.4,
  y: 0.6,
  dimension_label: 'A',
  measured_mm: 40.2,
  nominal_mm: null,
  zone: '',
  action: '',
  color: '#d13438',
};

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

function renderForm(options: { readOnly?: boolean } = {}) {
  const onApply = jest.fn();
  const onClose = jest.fn();
  const ref = createRef<PinFormHandle>();
  renderPage(<CanvasPinForm ref={ref} pin={PIN} onApply={onApply} onClose={onClose} readOnly={options.readOnly} />, { url: '/apps/testCanvas/7' });
  return { onApply, onClose, ref };
}

describe('the pin form beside the canvas', () => {
  it('shows the pin’s data, reads a decimal comma and applies the fields to the pin', async () => {
    const { onApply } = renderForm();
    expect(screen.getByRole('heading', { name: 'Pin 3' })).toBeTruthy();
    expect((field('Cota') as HTMLInputElement).value).toBe('A');
    expect((field('Medido') as HTMLInputElement).value).toBe('40,2');
    expect((field('Nominal') as HTMLInputElement).value).toBe('');
    const apply = screen.getByRole('button', { name: 'Aplicar' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);

    type(field('Medido'), '40,25');
    type(field('Nominal'), '40.1');
    type(field('Zona'), 'Lengüeta izquierda');
    type(field('Acción propuesta'), 'Frenar la portada 0,1 mm');
    fireEvent.click(apply);
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    expect(onApply).toHaveBeenCalledWith({
      dimension_label: 'A',
      measured_mm: 40.25,
      nominal_mm: 40.1,
      zone: 'Lengüeta izquierda',
      action: 'Frenar la portada 0,1 mm',
    });
  });

  it('refuses what is not a measure in millimetres, in Spanish, and applies nothing', async () => {
    const { onApply } = renderForm();
    type(field('Medido'), '40,2,5');
    type(field('Nominal'), '20000');
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText(decimalMessages.oneSeparator)).toBeTruthy();
    expect(await screen.findByText(canvasMessages.millimetres)).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('an emptied measure is "not measured", not zero', async () => {
    const { onApply } = renderForm();
    type(field('Medido'), '');
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ measured_mm: null, nominal_mm: null })));
  });

  it('hands the edits not applied yet to the canvas’s save, checked', async () => {
    const { ref, onApply } = renderForm();
    await expect(ref.current!.pending()).resolves.toBeNull();
    type(field('Zona'), 'Puente');
    let pending: unknown;
    await act(async () => {
      pending = await ref.current!.pending();
    });
    expect(pending).toMatchObject({ zone: 'Puente', measured_mm: 40.2, nominal_mm: null });
    type(field('Nominal'), 'cuarenta');
    await act(async () => {
      pending = await ref.current!.pending();
    });
    expect(pending).toBe(false);
    expect(await screen.findByText(decimalMessages.notANumber)).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('is read-only without the grant or on a closed record, and closes', () => {
    const { onClose } = renderForm({ readOnly: true });
    expect((field('Cota') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Aplicar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalled();
  });
});
