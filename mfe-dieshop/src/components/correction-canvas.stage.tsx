import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { Arrow, Circle, Group, Image as KonvaImage, Layer, Line, Rect, Stage, Text as KonvaText } from 'react-konva';
import { useTranslation } from 'react-i18next';
import type { CanvasItem } from '@planta/contracts';
import { errorMessage } from '@planta/session';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { correctionCanvasTexts } from '../i18n/correction-canvas.texts';
import {
  extendStroke,
  fitView,
  isOnDrawing,
  itemLimitRefusal,
  makeArrow,
  makePin,
  makeStroke,
  moveItem,
  pointsToDrawing,
  replaceItem,
  toDrawing,
  toFraction,
  viewToDrawing,
  zoomView,
  type CanvasColor,
  type CanvasTool,
  type Point,
  type Size,
  type View,
} from '../pages/correction-canvas.model';
import { loadDrawingImage, type DrawingImage } from './drawing-image';

registerDieshopTexts(correctionCanvasTexts);

/**
 * The konva stage of the marking canvas: the drawing (or a plain grid), and over it the pins,
 * arrows and strokes. Loaded lazily by the canvas page and by the preview, so that konva and pdfjs
 * reach the browser only where a canvas is shown (and jest tests mock this module: see
 * correction-canvas-preview.tsx). It fills its container; the container decides the size.
 */

/** Screen sizes in CSS px, whatever the zoom: a pin is a finger's target (44 px with its hit ring). */
const PIN_RADIUS = 16;
const PIN_HIT_RADIUS = 22;
const ARROW_WIDTH = 3;
const HIT_WIDTH = 28;
/** A finger that moves more than this (screen px) before it lifts was not a tap. */
const TAP_SLOP = 10;
/** The sheet shown when the profile has no drawing: its height in grid units, and the grid step. */
const GRID_HEIGHT = 1000;
const GRID_STEP = 50;

export interface CanvasStageHandle {
  zoomIn: () => void;
  zoomOut: () => void;
  fit: () => void;
}

export interface DrawingState {
  status: 'none' | 'loading' | 'ready' | 'error';
  /** Width / height of what is shown (the drawing, or the stored aspect of the grid). */
  aspect: number;
}

export interface CorrectionCanvasStageProps {
  items: readonly CanvasItem[];
  drawingUrl: string | null;
  /** The aspect stored with the canvas: the grid's, and the drawing's until it has loaded. */
  aspect: number;
  /** What the canvas shows, for screen readers (the legend beside it lists the pins). */
  label: string;
  editable?: boolean;
  /** A preview in a page: no pan or zoom, so that a finger on it still scrolls the page. */
  still?: boolean;
  tool?: CanvasTool;
  color?: CanvasColor;
  selectedId?: string | null;
  onSelect?: (id: string | null) => void;
  /** A new state of the marks (a pin dropped, an arrow or stroke drawn, a mark moved). */
  onChange?: (items: CanvasItem[]) => void;
  /** Why a mark could not be added (the canvas is full). */
  onRefused?: (message: string) => void;
  onDrawing?: (state: DrawingState) => void;
  ref?: Ref<CanvasStageHandle>;
}

const useStyles = makeStyles({
  frame: {
    position: 'relative',
    width: '100%',
    height: '100%',
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground3,
    // The finger draws: no page scroll, pinch or double-tap zoom of the browser while it does.
    touchAction: 'none',
    userSelect: 'none',
    WebkitUserSelect: 'none',
  },
  overlay: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '8px',
    pointerEvents: 'none',
    padding: '16px',
    textAlign: 'center',
  },
});

function useElementSize(element: HTMLElement | null): Size | null {
  const [size, setSize] = useState<Size | null>(null);
  useEffect(() => {
    if (!element) return;
    const measure = () => {
      const next = { width: Math.floor(element.clientWidth), height: Math.floor(element.clientHeight) };
      setSize((previous) => (previous && previous.width === next.width && previous.height === next.height ? previous : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

function useDrawingImage(url: string | null): { image: DrawingImage | null; status: DrawingState['status']; error: string | null } {
  const [state, setState] = useState<{ image: DrawingImage | null; status: DrawingState['status']; error: string | null }>({
    image: null,
    status: url === null ? 'none' : 'loading',
    error: null,
  });
  useEffect(() => {
    if (url === null) {
      setState({ image: null, status: 'none', error: null });
      return;
    }
    const controller = new AbortController();
    setState({ image: null, status: 'loading', error: null });
    loadDrawingImage(url, controller.signal).then(
      (image) => !controller.signal.aborted && setState({ image, status: 'ready', error: null }),
      (failure: unknown) => !controller.signal.aborted && setState({ image: null, status: 'error', error: errorMessage(failure) }),
    );
    return () => controller.abort();
  }, [url]);
  return state;
}

type Draft = { kind: 'arrow'; tail: Point; head: Point } | { kind: 'stroke'; points: number[] };

/** The mark a konva event happened on (its group or shape is named by the mark's id), or null. */
function markIdOf(target: Konva.Node): string | null {
  const node = target.hasName('mark') ? target : target.findAncestor('.mark');
  return node ? node.id() : null;
}

export default function CorrectionCanvasStage({
  items,
  drawingUrl,
  aspect,
  label,
  editable = false,
  still = false,
  tool = 'select',
  color = '#d13438',
  selectedId = null,
  onSelect,
  onChange,
  onRefused,
  onDrawing,
  ref,
}: CorrectionCanvasStageProps) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const viewport = useElementSize(frame);
  const drawing = useDrawingImage(drawingUrl);
  const sheet: Size = useMemo(
    () => (drawing.image ? { width: drawing.image.width, height: drawing.image.height } : { width: Math.round(GRID_HEIGHT * aspect), height: GRID_HEIGHT }),
    [drawing.image, aspect],
  );
  const [view, setView] = useState<View | null>(null);
  const fitted = useMemo(() => (viewport ? fitView(viewport, sheet) : null), [viewport, sheet]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const pointers = useRef(new Map<number, Point>());
  const pinch = useRef<{ distance: number; middle: Point; view: View } | null>(null);
  // A pin drops when the finger lifts, not when it lands: a second finger may make it a pinch.
  const tap = useRef<{ pointerId: number; screen: Point; at: Point } | null>(null);

  // A new size of the window or of the drawing shows the whole drawing again.
  useEffect(() => setView(fitted), [fitted]);

  const reported = useRef(onDrawing);
  reported.current = onDrawing;
  useEffect(() => {
    reported.current?.({ status: drawing.status, aspect: drawing.image ? drawing.image.width / drawing.image.height : aspect });
  }, [drawing.status, drawing.image, aspect]);

  const zoomBy = useCallback(
    (factor: number) => {
      if (!viewport || !fitted) return;
      setView((current) => zoomView(current ?? fitted, factor, { x: viewport.width / 2, y: viewport.height / 2 }, fitted.scale));
    },
    [viewport, fitted],
  );
  useImperativeHandle(ref, () => ({ zoomIn: () => zoomBy(1.25), zoomOut: () => zoomBy(0.8), fit: () => setView(fitted) }), [zoomBy, fitted]);

  const current = view ?? fitted;
  const drawingPoint = (stage: Konva.Stage | null): Point | null => {
    const pointer = stage?.getPointerPosition();
    return pointer && current ? viewToDrawing(pointer, current) : null;
  };
  const fraction = (point: Point) => toFraction(point, sheet);
  const add = (item: CanvasItem | null) => {
    if (!item) return;
    const refusal = itemLimitRefusal(items);
    if (refusal) {
      onRefused?.(refusal);
      return;
    }
    onChange?.([...items, item]);
  };

  const startPinch = () => {
    const [a, b] = [...pointers.current.values()];
    if (!a || !b || !current) return;
    pinch.current = { distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, middle: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, view: current };
    tap.current = null;
    setDraft(null);
  };

  const pointerDown = (event: KonvaEventObject<PointerEvent>) => {
    const stage = event.target.getStage();
    const pointer = stage?.getPointerPosition();
    if (still) return;
    if (pointer) pointers.current.set(event.evt.pointerId, pointer);
    if (pointers.current.size === 2) {
      // Two fingers zoom: the first one's pan (or mark) stops.
      stage?.stopDrag();
      return startPinch();
    }
    if (pointers.current.size > 2 || !editable) return;
    const at = drawingPoint(stage);
    if (!at) return;
    const mark = markIdOf(event.target);
    if (tool === 'select' || (tool === 'pin' && mark)) {
      onSelect?.(mark);
      return;
    }
    if (!isOnDrawing(at, sheet)) return;
    if (tool === 'pin' && pointer) tap.current = { pointerId: event.evt.pointerId, screen: pointer, at: fraction(at) };
    else if (tool === 'arrow') setDraft({ kind: 'arrow', tail: fraction(at), head: fraction(at) });
    else if (tool === 'stroke') {
      const start = fraction(at);
      setDraft({ kind: 'stroke', points: [start.x, start.y] });
    }
  };

  const pointerMove = (event: KonvaEventObject<PointerEvent>) => {
    const stage = event.target.getStage();
    const pointer = stage?.getPointerPosition();
    if (pointer && pointers.current.has(event.evt.pointerId)) pointers.current.set(event.evt.pointerId, pointer);
    const tapped = tap.current;
    if (tapped && pointer && tapped.pointerId === event.evt.pointerId && Math.hypot(pointer.x - tapped.screen.x, pointer.y - tapped.screen.y) > TAP_SLOP)
      tap.current = null;
    if (pinch.current && fitted) {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const start = pinch.current;
      const middle = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const zoomed = zoomView(start.view, Math.hypot(a.x - b.x, a.y - b.y) / start.distance, start.middle, fitted.scale);
      setView({ ...zoomed, x: zoomed.x + middle.x - start.middle.x, y: zoomed.y + middle.y - start.middle.y });
      return;
    }
    if (!draft) return;
    const at = drawingPoint(stage);
    if (!at) return;
    if (draft.kind === 'arrow') setDraft({ ...draft, head: fraction(at) });
    else setDraft({ kind: 'stroke', points: extendStroke(draft.points, fraction(at)) });
  };

  const dropPin = (at: Point) => {
    const refusal = itemLimitRefusal(items);
    if (refusal) return onRefused?.(refusal);
    const pin = makePin(items, at, color);
    onChange?.([...items, pin]);
    onSelect?.(pin.id);
  };

  /** A finger lifted (`lifted`), or gone off the canvas: a tap drops its pin, a drawn mark is kept. */
  const pointerEnd = (event: KonvaEventObject<PointerEvent>, lifted: boolean) => {
    pointers.current.delete(event.evt.pointerId);
    const tapped = tap.current;
    tap.current = null;
    if (pinch.current) {
      if (pointers.current.size < 2) pinch.current = null;
      return;
    }
    if (lifted && tapped?.pointerId === event.evt.pointerId) return dropPin(tapped.at);
    if (!draft) return;
    setDraft(null);
    if (draft.kind === 'arrow') add(makeArrow(draft.tail, draft.head, color));
    else add(makeStroke(draft.points, color));
  };

  const wheel = (event: KonvaEventObject<WheelEvent>) => {
    const pointer = event.target.getStage()?.getPointerPosition();
    if (still || !pointer || !current || !fitted) return;
    event.evt.preventDefault();
    setView(zoomView(current, event.evt.deltaY < 0 ? 1.1 : 1 / 1.1, pointer, fitted.scale));
  };

  const dragEnd = (item: CanvasItem) => (event: KonvaEventObject<DragEvent>) => {
    const node = event.target;
    const origin = item.kind === 'pin' ? toDrawing(item, sheet) : { x: 0, y: 0 };
    const dx = (node.x() - origin.x) / sheet.width;
    const dy = (node.y() - origin.y) / sheet.height;
    // The node goes back to where the marks say; the moved mark is drawn from the new state.
    node.position(origin);
    onChange?.(replaceItem(items, moveItem(item, dx, dy)));
  };

  const scale = current?.scale ?? 1;
  const draggable = editable && tool === 'select';
  const selectionShadow = (id: string) => (id === selectedId ? { shadowColor: '#0078d4', shadowBlur: 10, shadowOpacity: 1 } : {});

  return (
    <div
      ref={setFrame}
      className={styles.frame}
      role="img"
      aria-label={label}
      style={{ cursor: editable && tool !== 'select' ? 'crosshair' : 'default', touchAction: still ? 'auto' : 'none' }}
    >
      {viewport && current ? (
        <Stage
          width={viewport.width}
          height={viewport.height}
          x={current.x}
          y={current.y}
          scaleX={current.scale}
          scaleY={current.scale}
          draggable={!still && (tool === 'select' || !editable)}
          onDragEnd={(event) => {
            const stage = event.target;
            if (stage === stage.getStage()) setView({ scale: current.scale, x: stage.x(), y: stage.y() });
          }}
          onPointerDown={pointerDown}
          onPointerMove={pointerMove}
          onPointerUp={(event) => pointerEnd(event, true)}
          onPointerCancel={(event) => pointerEnd(event, false)}
          onPointerLeave={(event) => pointerEnd(event, false)}
          onWheel={wheel}
        >
          <Layer>
            {drawing.image ? (
              <KonvaImage image={drawing.image.source} width={sheet.width} height={sheet.height} />
            ) : (
              <Group>
                <Rect width={sheet.width} height={sheet.height} fill="#ffffff" />
                {Array.from({ length: Math.floor(sheet.width / GRID_STEP) + 1 }, (_, index) => (
                  <Line key={`v${index}`} points={[index * GRID_STEP, 0, index * GRID_STEP, sheet.height]} stroke="#e1e1e1" strokeWidth={1 / scale} />
                ))}
                {Array.from({ length: Math.floor(sheet.height / GRID_STEP) + 1 }, (_, index) => (
                  <Line key={`h${index}`} points={[0, index * GRID_STEP, sheet.width, index * GRID_STEP]} stroke="#e1e1e1" strokeWidth={1 / scale} />
                ))}
              </Group>
            )}
            <Rect width={sheet.width} height={sheet.height} stroke="#8a8886" strokeWidth={1 / scale} listening={false} />
          </Layer>
          <Layer>
            {items.map((item) => {
              if (item.kind === 'arrow')
                return (
                  <Arrow
                    key={item.id}
                    id={item.id}
                    name="mark"
                    points={pointsToDrawing(item.points, sheet)}
                    stroke={item.color}
                    fill={item.color}
                    strokeWidth={ARROW_WIDTH / scale}
                    pointerLength={14 / scale}
                    pointerWidth={12 / scale}
                    hitStrokeWidth={HIT_WIDTH / scale}
                    draggable={draggable}
                    onDragEnd={dragEnd(item)}
                    {...selectionShadow(item.id)}
                  />
                );
              if (item.kind === 'stroke')
                return (
                  <Line
                    key={item.id}
                    id={item.id}
                    name="mark"
                    points={pointsToDrawing(item.points, sheet)}
                    stroke={item.color}
                    strokeWidth={item.width / scale}
                    lineCap="round"
                    lineJoin="round"
                    hitStrokeWidth={HIT_WIDTH / scale}
                    draggable={draggable}
                    onDragEnd={dragEnd(item)}
                    {...selectionShadow(item.id)}
                  />
                );
              const at = toDrawing(item, sheet);
              return (
                <Group
                  key={item.id}
                  id={item.id}
                  name="mark"
                  x={at.x}
                  y={at.y}
                  scaleX={1 / scale}
                  scaleY={1 / scale}
                  draggable={draggable}
                  onDragEnd={dragEnd(item)}
                >
                  <Circle radius={PIN_HIT_RADIUS} fill="transparent" />
                  {item.id === selectedId ? <Circle radius={PIN_RADIUS + 5} stroke="#0078d4" strokeWidth={3} /> : null}
                  <Circle radius={PIN_RADIUS} fill={item.color} stroke="#ffffff" strokeWidth={2} shadowColor="#000000" shadowBlur={3} shadowOpacity={0.4} />
                  <KonvaText
                    text={String(item.n)}
                    width={PIN_RADIUS * 2}
                    height={PIN_RADIUS * 2}
                    offsetX={PIN_RADIUS}
                    offsetY={PIN_RADIUS}
                    align="center"
                    verticalAlign="middle"
                    fontSize={item.n > 99 ? 11 : 14}
                    fontStyle="bold"
                    fill={item.color === '#ffb900' ? '#000000' : '#ffffff'}
                    listening={false}
                  />
                </Group>
              );
            })}
            {draft?.kind === 'arrow' ? (
              <Arrow
                points={pointsToDrawing([draft.tail.x, draft.tail.y, draft.head.x, draft.head.y], sheet)}
                stroke={color}
                fill={color}
                strokeWidth={ARROW_WIDTH / scale}
                pointerLength={14 / scale}
                pointerWidth={12 / scale}
                listening={false}
              />
            ) : null}
            {draft?.kind === 'stroke' ? (
              <Line points={pointsToDrawing(draft.points, sheet)} stroke={color} strokeWidth={3 / scale} lineCap="round" lineJoin="round" listening={false} />
            ) : null}
          </Layer>
        </Stage>
      ) : null}
      {drawing.status === 'loading' ? (
        <div className={styles.overlay}>
          <Spinner size="small" label={t('markingCanvas.drawingLoading')} />
        </div>
      ) : null}
      {drawing.status === 'error' ? (
        <div className={styles.overlay}>
          <Text>{t('markingCanvas.drawingFailed', { reason: drawing.error })}</Text>
        </div>
      ) : null}
    </div>
  );
}
