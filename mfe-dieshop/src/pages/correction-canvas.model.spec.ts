import { CANVAS_LIMITS, canvasMessages, correctionCanvasSchema, type CanvasItem } from '@planta/contracts';
import {
  canRedo,
  canUndo,
  canvasOf,
  commit,
  extendStroke,
  fitView,
  HISTORY_DEPTH,
  historyOf,
  isOnDrawing,
  itemLimitRefusal,
  makeArrow,
  makePin,
  makeStroke,
  moveItem,
  pinDifference,
  pinsOf,
  pointsToDrawing,
  redo,
  removeItem,
  toDrawing,
  toFraction,
  undo,
  updatePin,
  viewToDrawing,
  zoomView,
} from './correction-canvas.model';

const A4 = { width: 1190, height: 842 };

describe('coordinates: fractions of the drawing', () => {
  it('turns a point of the drawing into fractions and back, whatever the size it is shown at', () => {
    expect(toFraction({ x: 595, y: 421 }, A4)).toEqual({ x: 0.5, y: 0.5 });
    const stored = toFraction({ x: 119, y: 631.5 }, A4);
    expect(stored).toEqual({ x: 0.1, y: 0.75 });
    // The same mark on a drawing rendered at twice the size sits on the same spot.
    expect(toDrawing(stored, { width: 2380, height: 1684 })).toEqual({ x: 238, y: 1263 });
    expect(pointsToDrawing([0.1, 0.75, 1, 0], A4)).toEqual([119, 631.5, 1190, 0]);
  });

  it('keeps points inside the drawing and rounds to five decimals', () => {
    expect(toFraction({ x: -20, y: 900 }, A4)).toEqual({ x: 0, y: 1 });
    expect(toFraction({ x: 1, y: 3 }, { width: 3, height: 7 })).toEqual({ x: 0.33333, y: 0.42857 });
    expect(isOnDrawing({ x: 10, y: 10 }, A4)).toBe(true);
    expect(isOnDrawing({ x: -1, y: 10 }, A4)).toBe(false);
    expect(isOnDrawing({ x: 10, y: 843 }, A4)).toBe(false);
  });

  it('fits the whole drawing in the viewport, centred, and maps a tap back onto the drawing', () => {
    const view = fitView({ width: 800, height: 600 }, { width: 1000, height: 500 });
    // The width decides: (800 − 2 × 16) / 1000.
    expect(view.scale).toBeCloseTo(0.768);
    expect(view.x).toBeCloseTo(16);
    expect(view.y).toBeCloseTo((600 - 500 * 0.768) / 2);
    const tap = { x: 16 + 500 * 0.768, y: view.y + 250 * 0.768 };
    const onDrawing = viewToDrawing(tap, view);
    expect(onDrawing.x).toBeCloseTo(500);
    expect(onDrawing.y).toBeCloseTo(250);
  });

  it('zooms around the finger: the point under it stays under it, within the zoom limits', () => {
    const view = { scale: 1, x: 0, y: 0 };
    const center = { x: 200, y: 100 };
    const zoomed = zoomView(view, 2, center, 1);
    expect(zoomed.scale).toBe(2);
    const before = viewToDrawing(center, view);
    const after = viewToDrawing(center, zoomed);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
    expect(zoomView(view, 100, center, 1).scale).toBe(8);
    expect(zoomView(view, 0.001, center, 1).scale).toBe(0.25);
  });
});

describe('marks', () => {
  it('numbers pins after the highest, even after one is deleted, and validates against the stored schema', () => {
    const first = makePin([], { x: 0.2, y: 0.3 }, '#d13438', 'p1');
    const second = makePin([first], { x: 0.4, y: 0.5 }, '#0078d4', 'p2');
    expect([first.n, second.n]).toEqual([1, 2]);
    const third = makePin(removeItem([first, second], 'p1'), { x: 0.1, y: 0.1 }, '#d13438', 'p3');
    expect(third.n).toBe(3);
    const canvas = canvasOf([second, third], 1190 / 842);
    expect(correctionCanvasSchema.parse(canvas)).toEqual(canvas);
    expect(canvas.aspect).toBe(1.4133);
  });

  it('drops arrows too short to mean anything and strokes of a single point', () => {
    expect(makeArrow({ x: 0.5, y: 0.5 }, { x: 0.501, y: 0.5 }, '#d13438')).toBeNull();
    expect(makeArrow({ x: 0.1, y: 0.1 }, { x: 0.3, y: 0.2 }, '#d13438', 'a1')).toEqual({
      kind: 'arrow',
      id: 'a1',
      points: [0.1, 0.1, 0.3, 0.2],
      color: '#d13438',
    });
    expect(makeStroke([0.1, 0.1], '#000000')).toBeNull();
    expect(makeStroke([0.1, 0.1, 0.2, 0.2], '#000000', 3, 's1')).toMatchObject({ kind: 'stroke', points: [0.1, 0.1, 0.2, 0.2], width: 3 });
  });

  it('extends a stroke only by points that move, and never past the schema’s limit', () => {
    let points = extendStroke([], { x: 0.1, y: 0.1 });
    points = extendStroke(points, { x: 0.1001, y: 0.1 });
    expect(points).toEqual([0.1, 0.1]);
    points = extendStroke(points, { x: 0.2, y: 1.4 });
    expect(points).toEqual([0.1, 0.1, 0.2, 1]);
    const full = Array.from({ length: CANVAS_LIMITS.strokePoints }, (_, index) => (index % 2 === 0 ? (index / CANVAS_LIMITS.strokePoints) * 0.9 : 0.5));
    expect(extendStroke(full, { x: 0.99, y: 0.99 })).toHaveLength(CANVAS_LIMITS.strokePoints);
  });

  it('moves a mark by a fraction, stopping at the drawing’s edge', () => {
    const pin = makePin([], { x: 0.9, y: 0.5 }, '#d13438', 'p1');
    expect(moveItem(pin, 0.05, -0.1)).toMatchObject({ x: 0.95, y: 0.4 });
    expect(moveItem(pin, 0.5, 0)).toMatchObject({ x: 1, y: 0.5 });
    const arrow = makeArrow({ x: 0.1, y: 0.2 }, { x: 0.3, y: 0.4 }, '#d13438', 'a1')!;
    // The arrow keeps its shape: its tail stops at the left edge.
    expect(moveItem(arrow, -0.5, 0.1)).toMatchObject({ points: [0, 0.3, 0.2, 0.5] });
  });

  it('edits a pin’s data and tells the difference measured − nominal to the micrometre', () => {
    const pin = makePin([], { x: 0.5, y: 0.5 }, '#d13438', 'p1');
    const [edited] = updatePin([pin], 'p1', { dimension_label: 'A', measured_mm: 40.2, nominal_mm: 40, zone: 'Lengüeta', action: 'Frenar portada' });
    expect(edited).toMatchObject({ dimension_label: 'A', measured_mm: 40.2, nominal_mm: 40, zone: 'Lengüeta', action: 'Frenar portada', n: 1, x: 0.5 });
    expect(pinDifference(edited as typeof pin)).toBe(0.2);
    expect(pinDifference({ measured_mm: 12.05, nominal_mm: 12.1 })).toBe(-0.05);
    expect(pinDifference({ measured_mm: 12.05, nominal_mm: null })).toBeNull();
  });

  it('lists pins by number and refuses a mark past the canvas’s limit', () => {
    const items: CanvasItem[] = [makePin([], { x: 0, y: 0 }, '#d13438', 'p1')];
    items.unshift({ ...makePin(items, { x: 1, y: 1 }, '#d13438', 'p2') });
    expect(pinsOf(items).map((pin) => pin.n)).toEqual([1, 2]);
    expect(itemLimitRefusal(items)).toBeNull();
    const full = Array.from({ length: CANVAS_LIMITS.items }, (_, index) => makeArrow({ x: 0, y: 0 }, { x: 0.5, y: 0.5 }, '#d13438', `a${index}`)!);
    expect(itemLimitRefusal(full)).toBe(canvasMessages.tooManyItems);
  });
});

describe('undo and redo', () => {
  const pin = (id: string, n: number) => ({ ...makePin([], { x: 0.5, y: 0.5 }, '#d13438', id), n });

  it('undoes and redoes each change in order; a new change drops what was undone', () => {
    let history = historyOf([]);
    expect(canUndo(history)).toBe(false);
    const one = [pin('p1', 1)];
    const two = [...one, pin('p2', 2)];
    history = commit(commit(history, one), two);
    expect(history.present).toBe(two);
    history = undo(history);
    expect(history.present).toBe(one);
    expect(canRedo(history)).toBe(true);
    history = undo(history);
    expect(history.present).toEqual([]);
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.present).toBe(one);
    const other = [...one, pin('p9', 2)];
    history = commit(history, other);
    expect(canRedo(history)).toBe(false);
    expect(redo(history)).toBe(history);
    expect(undo(history).present).toBe(one);
  });

  it('ignores a change to the same state and keeps at most the last steps', () => {
    const start = historyOf([]);
    expect(commit(start, start.present)).toBe(start);
    let history = start;
    for (let index = 0; index < HISTORY_DEPTH + 20; index++) history = commit(history, [pin(`p${index}`, 1)]);
    expect(history.past).toHaveLength(HISTORY_DEPTH);
  });
});
