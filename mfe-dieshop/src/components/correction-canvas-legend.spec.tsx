import { fireEvent, screen, within } from '@testing-library/react';
import type { CanvasItem } from '@planta/contracts';
import { renderPage } from '@planta/ui/testing';
import { CorrectionCanvasLegend } from './correction-canvas-legend';

const ITEMS: CanvasItem[] = [
  {
    kind: 'pin',
    id: 'p2',
    n: 2,
    x: 0.7,
    y: 0.2,
    dimension_label: '',
    measured_mm: null,
    nominal_mm: 3,
    zone: '',
    action: '',
    color: '#0078d4',
  },
  { kind: 'arrow', id: 'a1', points: [0.1, 0.1, 0.3, 0.3], color: '#d13438' },
  {
    kind: 'pin',
    id: 'p1',
    n: 1,
    x: 0.4,
    y: 0.6,
    dimension_label: 'A',
    measured_mm: 40.2,
    nominal_mm: 40,
    zone: 'Lengüeta',
    action: 'Frenar la portada',
    color: '#d13438',
  },
  { kind: 'stroke', id: 's1', points: [0.1, 0.1, 0.2, 0.2], color: '#000000', width: 3 },
];

/** The legend entry of a pin as term → value pairs. */
function entry(n: number): Record<string, string> {
  const list = screen.getByRole('list', { name: 'Leyenda' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((candidate) => within(candidate).queryByLabelText(`Pin ${n}`));
  const terms = within(item!)
    .getAllByRole('term')
    .map((term) => term.textContent ?? '');
  const values = within(item!)
    .getAllByRole('definition')
    .map((value) => value.textContent ?? '');
  return Object.fromEntries(terms.map((term, index) => [term, values[index]]));
}

describe('the legend of the canvas (its text alternative)', () => {
  it('lists the pins in number order: label, measured against nominal with the difference, zone and action', () => {
    renderPage(<CorrectionCanvasLegend items={ITEMS} />, { url: '/' });
    expect(screen.getByRole('heading', { name: 'Leyenda' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Leyenda' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(entry(1)).toEqual({
      'N.º': '1',
      Cota: 'A',
      Medido: '40,2 mm',
      Nominal: '40 mm',
      Diferencia: '+0,2 mm',
      Zona: 'Lengüeta',
      Acción: 'Frenar la portada',
    });
    expect(entry(2)).toEqual({ 'N.º': '2', Cota: '—', Medido: '—', Nominal: '3 mm', Diferencia: '—', Zona: '—', Acción: '—' });
    expect(screen.getByText('y 2 marcas más (flechas y trazos)')).toBeTruthy();
    // Read-only (a preview): no edit buttons.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('opens a pin’s form from its entry, the keyboard’s way to a pin', () => {
    const onEdit = jest.fn();
    renderPage(<CorrectionCanvasLegend items={ITEMS} selectedId="p1" onEdit={onEdit} />, { url: '/' });
    fireEvent.click(screen.getByRole('button', { name: 'Editar el pin 2' }));
    expect(onEdit).toHaveBeenCalledWith('p2');
    const current = screen.getAllByRole('listitem').find((item) => item.getAttribute('aria-current') === 'true');
    expect(within(current!).getByLabelText('Pin 1')).toBeTruthy();
  });

  it('says when there are no pins yet', () => {
    renderPage(<CorrectionCanvasLegend items={[]} />, { url: '/' });
    expect(screen.getByText('Aún no hay pines en el lienzo.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
