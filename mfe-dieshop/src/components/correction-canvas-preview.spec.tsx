import { screen } from '@testing-library/react';
import type { CorrectionCanvas } from '@planta/contracts';
import { renderPage } from '@planta/ui/testing';
import type { CorrectionCanvasStageProps } from './correction-canvas.stage';
import { CorrectionCanvasPreview } from './correction-canvas-preview';

// jsdom has no canvas: the konva stage is replaced, as any page test showing the preview does.
const stage = jest.fn((props: CorrectionCanvasStageProps) => <div role="img" aria-label={props.label} />);
jest.mock('./correction-canvas.stage', () => ({ __esModule: true, default: (props: CorrectionCanvasStageProps) => stage(props) }));

const CANVAS: CorrectionCanvas = {
  version: 1,
  aspect: 1.5,
  items: [
    {
      kind: 'pin',
      id: 'p1',
      n: 1,
      x: 0.4,
      y: 0.6,
      dimension_label: 'B',
      measured_mm: 2.05,
      nominal_mm: 2,
      zone: 'Pared',
      action: 'Aliviar portada',
      color: '#d13438',
    },
    { kind: 'arrow', id: 'a1', points: [0.1, 0.1, 0.3, 0.3], color: '#d13438' },
  ],
};

describe('the canvas preview on the record and report pages', () => {
  beforeEach(() => stage.mockClear());

  it('draws the saved canvas read-only over the drawing, lists its pins and links to the canvas', async () => {
    renderPage(<CorrectionCanvasPreview canvas={CANVAS} drawingUrl="/api/correction-record/7/drawing" to="/apps/testCanvas/7" />, {
      url: '/apps/correction-record/7',
    });
    expect(await screen.findByRole('img', { name: /pines 1, flechas 1, trazos 0/ })).toBeTruthy();
    expect(stage).toHaveBeenLastCalledWith(
      expect.objectContaining({ items: CANVAS.items, drawingUrl: '/api/correction-record/7/drawing', aspect: 1.5, still: true }),
    );
    expect(stage.mock.lastCall?.[0].editable).toBeFalsy();
    expect(screen.getByRole('link', { name: 'Abrir el lienzo' }).getAttribute('href')).toBe('/apps/testCanvas/7');
    expect(screen.getByText('+0,05 mm')).toBeTruthy();
    expect(screen.getByText('Aliviar portada')).toBeTruthy();
  });

  it('says when there is nothing to show, and that the profile has no drawing; a guest gets no link', () => {
    renderPage(<CorrectionCanvasPreview canvas={null} drawingUrl={null} />, { url: '/apps/correction-record/7/abc' });
    expect(screen.getByText('El lienzo no tiene marcas.')).toBeTruthy();
    expect(screen.getByText('El perfil no tiene plano cargado')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(stage).not.toHaveBeenCalled();
  });
});
