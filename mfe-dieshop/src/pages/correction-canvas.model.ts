import { CANVAS_COLORS, CANVAS_LIMITS, canvasMessages, nextPinNumber, type CanvasItem, type CanvasPin, type CorrectionCanvas } from '@planta/contracts';

/**
 * The marking canvas's rules as pure functions (no konva, no React): where a tap lands on the
 * drawing, the marks and their history for undo and redo, zoom and fit. The page and the konva
 * stage only call these, so the rules are tested without a canvas.
 */

export type CanvasColor = (typeof CANVAS_COLORS)[number];
export type CanvasTool = 'pin' | 'arrow' | 'stroke' | 'select';
export const CANVAS_TOOLS: readonly CanvasTool[] = ['pin', 'arrow', 'stroke', 'select'];

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

/** Fractions are kept to 5 decimals: a hundredth of a millimetre on an A0 sheet, and short JSON. */
const round = (value: number) => Math.round(value * 100_000) / 100_000;
const clamp01 = (value: number) => round(Math.min(1, Math.max(0, value)));

/** A point on the drawing (in its own pixels) as fractions of its width and height, kept inside it. */
export function toFraction(point: Point, drawing: Size): Point {
  return { x: clamp01(point.x / drawing.width), y: clamp01(point.y / drawing.height) };
}

/** A stored fraction back in the drawing's pixels. */
export function toDrawing(point: Point, drawing: Size): Point {
  return { x: point.x * drawing.width, y: point.y * drawing.height };
}

/** Whether a point of the drawing's pixels lies on the drawing (a tap beside it drops nothing). */
export function isOnDrawing(point: Point, drawing: Size): boolean {
  return point.x >= 0 && point.y >= 0 && point.x <= drawing.width && point.y <= drawing.height;
}

/** A flat list of fractions [x1, y1, x2, y2, …] in the drawing's pixels. */
export function pointsToDrawing(points: readonly number[], drawing: Size): number[] {
  return points.map((value, index) => value * (index % 2 === 0 ? drawing.width : drawing.height));
}

// ——— View: zoom and fit ———

/** How the drawing sits in the view: its scale (screen px per drawing px) and its top-left corner. */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export const ZOOM_LIMITS = { min: 0.25, max: 8 } as const;
/** A margin around the fitted drawing so that a pin on its edge can still be reached with a finger. */
const FIT_MARGIN = 16;

/** The whole drawing centred in the viewport. */
export function fitView(viewport: Size, drawing: Size): View {
  const scale = Math.max(0.01, Math.min((viewport.width - 2 * FIT_MARGIN) / drawing.width, (viewport.height - 2 * FIT_MARGIN) / drawing.height));
  return { scale, x: (viewport.width - drawing.width * scale) / 2, y: (viewport.height - drawing.height * scale) / 2 };
}

/**
 * The view zoomed by `factor` around `center` (viewport px): what is under the finger or the
 * viewport's middle stays there. The zoom is bounded relative to the fitted scale.
 */
export function zoomView(view: View, factor: number, center: Point, fitScale: number): View {
  const scale = Math.min(fitScale * ZOOM_LIMITS.max, Math.max(fitScale * ZOOM_LIMITS.min, view.scale * factor));
  const anchor = { x: (center.x - view.x) / view.scale, y: (center.y - view.y) / view.scale };
  return { scale, x: center.x - anchor.x * scale, y: center.y - anchor.y * scale };
}

/** A viewport point (pointer) in the drawing's pixels under this view. */
export function viewToDrawing(point: Point, view: View): Point {
  return { x: (point.x - view.x) / view.scale, y: (point.y - view.y) / view.scale };
}

// ——— Marks ———

/** A mark's identifier, unique enough within one canvas and within the schema's pattern (no crypto API on plain http tablets). */
export function newItemId(prefix: CanvasItem['kind']): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** Why no further mark may be added (the schema's limit), or null. */
export function itemLimitRefusal(items: readonly CanvasItem[]): string | null {
  return items.length >= CANVAS_LIMITS.items ? canvasMessages.tooManyItems : null;
}

/** A new pin at a fraction of the drawing, numbered after the highest. */
export function makePin(items: readonly CanvasItem[], at: Point, color: CanvasColor, id = newItemId('pin')): CanvasPin {
  return {
    kind: 'pin',
    id,
    n: nextPinNumber(items),
    x: clamp01(at.x),
    y: clamp01(at.y),
    dimension_label: '',
    measured_mm: null,
    nominal_mm: null,
    zone: '',
    action: '',
    color,
  };
}

/** Arrows shorter than this (fraction of the drawing's diagonal-ish) are taken for a slip of the finger. */
const MIN_ARROW = 0.01;

/** An arrow from tail to head (fractions), or null when it is too short to mean anything. */
export function makeArrow(tail: Point, head: Point, color: CanvasColor, id = newItemId('arrow')): CanvasItem | null {
  if (Math.hypot(head.x - tail.x, head.y - tail.y) < MIN_ARROW) return null;
  return { kind: 'arrow', id, points: [clamp01(tail.x), clamp01(tail.y), clamp01(head.x), clamp01(head.y)], color };
}

/** Two stroke points closer than this (fractions) are one: a finger held still adds nothing. */
const MIN_STEP = 0.002;

/**
 * A freehand stroke's points (fractions) with one more point, unless it is too close to the last
 * one or the stroke is full (the schema's limit).
 */
export function extendStroke(points: readonly number[], next: Point): number[] {
  const x = clamp01(next.x);
  const y = clamp01(next.y);
  const n = points.length;
  if (n >= CANVAS_LIMITS.strokePoints) return [...points];
  if (n >= 2 && Math.hypot(points[n - 2] - x, points[n - 1] - y) < MIN_STEP) return [...points];
  return [...points, x, y];
}

/** A finished stroke, or null when it is a single dot. */
export function makeStroke(points: readonly number[], color: CanvasColor, width = 3, id = newItemId('stroke')): CanvasItem | null {
  if (points.length < 4) return null;
  return { kind: 'stroke', id, points: [...points], color, width };
}

/** The fractions an item occupies, as a flat [x, y, …] list. */
function itemPoints(item: CanvasItem): number[] {
  return item.kind === 'pin' ? [item.x, item.y] : [...item.points];
}

/**
 * The item moved by (dx, dy) fractions, the move cut short so that every point stays on the
 * drawing (a mark dragged over the edge stops at it).
 */
export function moveItem(item: CanvasItem, dx: number, dy: number): CanvasItem {
  const points = itemPoints(item);
  const xs = points.filter((_, index) => index % 2 === 0);
  const ys = points.filter((_, index) => index % 2 === 1);
  const mx = Math.min(Math.max(dx, -Math.min(...xs)), 1 - Math.max(...xs));
  const my = Math.min(Math.max(dy, -Math.min(...ys)), 1 - Math.max(...ys));
  const moved = points.map((value, index) => clamp01(value + (index % 2 === 0 ? mx : my)));
  if (item.kind === 'pin') return { ...item, x: moved[0], y: moved[1] };
  if (item.kind === 'arrow') return { ...item, points: [moved[0], moved[1], moved[2], moved[3]] };
  return { ...item, points: moved };
}

/** The items with one replaced (by id). */
export function replaceItem(items: readonly CanvasItem[], next: CanvasItem): CanvasItem[] {
  return items.map((item) => (item.id === next.id ? next : item));
}

/** The items without one (by id). Pins keep their numbers: a printed or discussed "pin 3" stays pin 3. */
export function removeItem(items: readonly CanvasItem[], id: string): CanvasItem[] {
  return items.filter((item) => item.id !== id);
}

/** What the side form edits on a pin. */
export type PinFields = Pick<CanvasPin, 'dimension_label' | 'measured_mm' | 'nominal_mm' | 'zone' | 'action'>;

export function updatePin(items: readonly CanvasItem[], id: string, fields: PinFields): CanvasItem[] {
  return items.map((item) => (item.id === id && item.kind === 'pin' ? { ...item, ...fields } : item));
}

export const pinsOf = (items: readonly CanvasItem[]): CanvasPin[] => items.filter((item): item is CanvasPin => item.kind === 'pin').sort((a, b) => a.n - b.n);

/** Measured minus nominal in mm, to the micrometre (null unless both are known). */
export function pinDifference(pin: Pick<CanvasPin, 'measured_mm' | 'nominal_mm'>): number | null {
  if (pin.measured_mm === null || pin.nominal_mm === null) return null;
  return Math.round((pin.measured_mm - pin.nominal_mm) * 1000) / 1000;
}

/** What is sent with `PUT /api/correction-record/:id/canvas`. */
export function canvasOf(items: readonly CanvasItem[], aspect: number): CorrectionCanvas {
  return { version: 1, aspect: Math.round(Math.min(10, Math.max(0.1, aspect)) * 10_000) / 10_000, items: [...items] };
}

// ——— History (undo / redo) ———

export interface History {
  past: CanvasItem[][];
  present: CanvasItem[];
  future: CanvasItem[][];
}

/** How many steps back undo reaches: enough for a session of marking, bounded in memory. */
export const HISTORY_DEPTH = 100;

export const historyOf = (items: readonly CanvasItem[]): History => ({ past: [], present: [...items], future: [] });

/** A new state of the marks: the old one can be undone, what had been undone is gone. */
export function commit(history: History, items: CanvasItem[]): History {
  if (items === history.present) return history;
  return { past: [...history.past, history.present].slice(-HISTORY_DEPTH), present: items, future: [] };
}

export function undo(history: History): History {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo(history: History): History {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}

export const canUndo = (history: History) => history.past.length > 0;
export const canRedo = (history: History) => history.future.length > 0;
