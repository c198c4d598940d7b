import {
  Badge,
  Button,
  makeStyles,
  Menu,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Subtitle1,
  ToggleButton,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowLeftRegular,
  ArrowRedoRegular,
  ArrowUndoRegular,
  ArrowUpRightRegular,
  CursorRegular,
  DeleteRegular,
  InkStrokeRegular,
  LocationRegular,
  SaveRegular,
  ZoomFitRegular,
  ZoomInRegular,
  ZoomOutRegular,
} from '@fluentui/react-icons';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { CANVAS_COLORS, correctionEndpoints, correctionRecordRoute, isOpenCorrection, type CanvasItem, type CorrectionRecordDetail } from '@planta/contracts';
import { call, errorMessage, isApiRequestError } from '@planta/session';
import { ErrorCard, LoadingScreen, showSnackbar, useCan, useRecordLoad, useUnsavedChanges } from '@planta/ui';
import { CanvasPinForm, type PinFormHandle } from '../components/canvas-pin-form';
import { canvasLabel, CorrectionCanvasLegend } from '../components/correction-canvas-legend';
import type { CanvasStageHandle, DrawingState } from '../components/correction-canvas.stage';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { correctionCanvasTexts } from '../i18n/correction-canvas.texts';
import {
  CANVAS_TOOLS,
  canRedo,
  canUndo,
  canvasOf,
  commit,
  historyOf,
  redo,
  removeItem,
  undo,
  updatePin,
  type CanvasColor,
  type CanvasTool,
  type History,
  type PinFields,
} from './correction-canvas.model';

registerDieshopTexts(correctionCanvasTexts);

/** konva and pdfjs load with the canvas, not with the die shop's other pages. */
const CorrectionCanvasStage = lazy(() => import('../components/correction-canvas.stage'));

const TOOL_ICONS: Record<CanvasTool, ReactElement> = {
  pin: <LocationRegular />,
  arrow: <ArrowUpRightRegular />,
  stroke: <InkStrokeRegular />,
  select: <CursorRegular />,
};

const useStyles = makeStyles({
  page: { padding: '16px 24px', display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  titles: { display: 'flex', flexDirection: 'column', flexGrow: 1, flexBasis: '240px', minWidth: 0 },
  title: { margin: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  subtitle: { color: tokens.colorNeutralForeground3 },
  facts: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  big: { minHeight: '44px', minWidth: '44px' },
  // A labelled group of buttons: Fluent's Toolbar adds focus catchers (aria-hidden yet focusable) that axe reports.
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px' },
  divider: { width: '1px', height: '28px', backgroundColor: tokens.colorNeutralStroke2, marginInline: '6px' },
  // Below a wide desktop the tools show their icons only (each keeps its name for screen readers).
  toolName: { '@media (max-width: 1279.98px)': { display: 'none' } },
  dot: {
    display: 'inline-block',
    width: '24px',
    height: '24px',
    borderRadius: '50%',
    border: `2px solid ${tokens.colorNeutralBackground1}`,
    boxShadow: tokens.shadow4,
  },
  colorItem: { minHeight: '44px' },
  hint: { color: tokens.colorNeutralForeground3 },
  body: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 340px',
    gap: '16px',
    alignItems: 'start',
    '@media (max-width: 1279.98px)': { gridTemplateColumns: 'minmax(0, 1fr) 260px', gap: '12px' },
  },
  canvas: {
    // As tall as the window allows beside the header and tools, never so small a finger cannot mark.
    height: 'max(320px, calc(100dvh - 300px))',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
  },
  waiting: { display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%' },
  side: {
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    minWidth: 0,
    maxHeight: 'max(320px, calc(100dvh - 300px))',
    overflowY: 'auto',
    paddingInlineEnd: '4px',
  },
  selectedMark: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px' },
});

/**
 * Leaving by a link of the portal (the menu, a shortcut) asks first while there are unsaved marks:
 * the portal's router cannot block a navigation, so the links' clicks are caught on their way.
 */
function useLinksAskFirst(active: boolean, leave: (go: () => void) => void) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const ask = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      leave(() => navigate(`${url.pathname}${url.search}${url.hash}`));
    };
    document.addEventListener('click', ask, true);
    return () => document.removeEventListener('click', ask, true);
  }, [active, leave, navigate]);
}

/**
 * /apps/testCanvas/:id (`die-drawing`): the marking canvas of correction record :id. The profile's
 * drawing is the background; numbered pins (measured against nominal, zone, proposed action),
 * arrows and freehand marks go on it with a finger or the mouse, and 'Guardar lienzo' keeps them
 * with the record. Read-only for a closed record or without the grant to change records.
 */
export default function CorrectionCanvasPage() {
  const styles = useStyles();
  const { t } = useTranslation([DIESHOP_NS, 'common']);
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const [record, setRecord] = useState<CorrectionRecordDetail | null>(null);
  const [history, setHistory] = useState<History>(() => historyOf([]));
  const [savedItems, setSavedItems] = useState<CanvasItem[]>(history.present);
  const [tool, setTool] = useState<CanvasTool>('pin');
  const [color, setColor] = useState<CanvasColor>(CANVAS_COLORS[0]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [pinDirty, setPinDirty] = useState(false);
  const [drawing, setDrawing] = useState<DrawingState | null>(null);
  const stage = useRef<CanvasStageHandle>(null);
  const pinForm = useRef<PinFormHandle>(null);
  const text = (key: string, values?: Record<string, unknown>) => t(`markingCanvas.${key}`, values);

  const { loading, loadError, reload } = useRecordLoad<CorrectionRecordDetail>(correctionEndpoints.record, id, false, (loaded) => {
    const initial = historyOf(loaded.canvas?.items ?? []);
    setRecord(loaded);
    setHistory(initial);
    // The very list in the history: undoing back to it is "nothing to save".
    setSavedItems(initial.present);
    setSelectedId(null);
  });

  // The API's own grant for the canvas and the update grant on correction records, on an open record.
  const mayMark = useCan(correctionEndpoints.canvas);
  const mayUpdateRecords = useCan(correctionEndpoints.update);
  const open = record ? isOpenCorrection(record.status) : false;
  const editable = Boolean(record) && mayMark && mayUpdateRecords && open;

  const items = history.present;
  const dirty = editable && (items !== savedItems || pinDirty);
  const unsaved = useUnsavedChanges(dirty && !saving);
  useLinksAskFirst(dirty && !saving, unsaved.leave);

  const change = useCallback((next: CanvasItem[]) => {
    setHistory((current) => commit(current, next));
    setRefusal(null);
  }, []);
  const selected = items.find((item) => item.id === selectedId) ?? null;
  const remove = useCallback(() => {
    if (!selectedId) return;
    setHistory((current) => commit(current, removeItem(current.present, selectedId)));
    setSelectedId(null);
  }, [selectedId]);
  const step = useCallback((move: (history: History) => History) => setHistory(move), []);

  // Keyboard: Supr deletes the chosen mark, Ctrl+Z / Ctrl+Y undo and redo (not while typing in the form).
  useEffect(() => {
    if (!editable) return;
    const keys = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const key = event.key.toLowerCase();
      if ((key === 'delete' || key === 'backspace') && selectedId) {
        event.preventDefault();
        remove();
      } else if ((event.ctrlKey || event.metaKey) && key === 'z') {
        event.preventDefault();
        step(event.shiftKey ? redo : undo);
      } else if ((event.ctrlKey || event.metaKey) && key === 'y') {
        event.preventDefault();
        step(redo);
      }
    };
    window.addEventListener('keydown', keys);
    return () => window.removeEventListener('keydown', keys);
  }, [editable, selectedId, remove, step]);

  const aspect = drawing?.status === 'ready' ? drawing.aspect : (record?.canvas?.aspect ?? Math.SQRT2);

  const save = async () => {
    if (!record) return;
    let next = items;
    // What is typed in the pin's form and not applied yet goes with the save.
    if (selected?.kind === 'pin' && pinForm.current) {
      const pending = await pinForm.current.pending();
      if (pending === false) return;
      if (pending) {
        next = updatePin(items, selected.id, pending);
        setHistory((current) => commit(current, next));
      }
    }
    setSaving(true);
    setRefusal(null);
    try {
      const saved = await call(correctionEndpoints.canvas, { params: { id: record.id }, body: canvasOf(next, aspect) });
      setRecord(saved);
      setSavedItems(next);
      setPinDirty(false);
      showSnackbar({ message: text('saved'), variant: 'success', autoHideMs: 2000 });
    } catch (error) {
      const fields = isApiRequestError(error) && error.fields ? [...new Set(Object.values(error.fields))] : [];
      setRefusal([errorMessage(error), ...fields.filter((message) => message !== errorMessage(error))].join(' · '));
    } finally {
      setSaving(false);
    }
  };

  const applyPin = (fields: PinFields) => {
    if (!selectedId) return;
    change(updatePin(items, selectedId, fields));
  };

  if (loading) return <LoadingScreen />;
  if (loadError || !record)
    return (
      <ErrorCard
        title={text('title', { number: '' })}
        message={loadError ?? ''}
        retryLabel={t('common:actions.retry')}
        onRetry={reload}
        back={{ label: text('back'), onClick: () => navigate('/apps/correction-record/all') }}
      />
    );

  const readOnlyReason = editable ? null : !open ? text('readOnlyClosed') : text('readOnlyGrant');
  const pinSelected = selected?.kind === 'pin' ? selected : null;

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <Button
          className={styles.big}
          appearance="subtle"
          icon={<ArrowLeftRegular />}
          aria-label={text('back')}
          onClick={() => unsaved.leave(() => navigate(correctionRecordRoute(record.id)))}
        />
        <div className={styles.titles}>
          <Subtitle1 as="h1" className={styles.title} title={text('title', { number: record.number })}>
            {text('title', { number: record.number })}
          </Subtitle1>
          <div className={styles.facts}>
            <Text className={styles.subtitle}>{text('subtitle', { die: record.die_label, profile: record.profile_code ?? '—' })}</Text>
            {readOnlyReason ? <Badge appearance="outline">{text('readOnly')}</Badge> : null}
            {dirty ? (
              <Badge appearance="tint" color="warning">
                {text('unsaved')}
              </Badge>
            ) : null}
          </div>
        </div>
        {editable ? (
          <Button
            className={styles.big}
            appearance="primary"
            icon={saving ? <Spinner size="tiny" /> : <SaveRegular />}
            disabled={saving}
            onClick={() => void save()}
          >
            {text('save')}
          </Button>
        ) : null}
      </div>

      {readOnlyReason ? (
        <MessageBar intent="info">
          <MessageBarBody>{readOnlyReason}</MessageBarBody>
        </MessageBar>
      ) : null}
      {record.drawing_url === null ? (
        <MessageBar intent="warning">
          <MessageBarBody>{text('noDrawing')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {refusal ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{refusal}</MessageBarBody>
        </MessageBar>
      ) : null}

      <div role="group" aria-label={text('tools')} className={styles.toolbar}>
        {editable ? (
          <>
            {CANVAS_TOOLS.map((name) => (
              <ToggleButton
                key={name}
                className={styles.big}
                appearance={tool === name ? 'primary' : 'subtle'}
                checked={tool === name}
                icon={TOOL_ICONS[name]}
                aria-label={text(`tool.${name}`)}
                title={text(`tool.${name}`)}
                onClick={() => setTool(name)}
              >
                <span className={styles.toolName}>{text(`tool.${name}`)}</span>
              </ToggleButton>
            ))}
            <span className={styles.divider} aria-hidden />
            <Menu
              checkedValues={{ color: [color] }}
              onCheckedValueChange={(_, data) => {
                const chosen = CANVAS_COLORS.find((swatch) => swatch === data.checkedItems[0]);
                if (chosen) setColor(chosen);
              }}
            >
              <MenuTrigger disableButtonEnhancement>
                <Button
                  className={styles.big}
                  appearance="subtle"
                  aria-label={`${text('color')}: ${text(`colors.${color}`)}`}
                  title={`${text('color')}: ${text(`colors.${color}`)}`}
                  icon={<span className={styles.dot} style={{ backgroundColor: color }} />}
                />
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  {CANVAS_COLORS.map((swatch) => (
                    <MenuItemRadio
                      key={swatch}
                      name="color"
                      value={swatch}
                      className={styles.colorItem}
                      icon={<span className={styles.dot} style={{ backgroundColor: swatch }} />}
                    >
                      {text(`colors.${swatch}`)}
                    </MenuItemRadio>
                  ))}
                </MenuList>
              </MenuPopover>
            </Menu>
            <span className={styles.divider} aria-hidden />
            <Button
              className={styles.big}
              appearance="subtle"
              icon={<ArrowUndoRegular />}
              aria-label={text('undo')}
              title={text('undo')}
              disabled={!canUndo(history)}
              onClick={() => step(undo)}
            />
            <Button
              className={styles.big}
              appearance="subtle"
              icon={<ArrowRedoRegular />}
              aria-label={text('redo')}
              title={text('redo')}
              disabled={!canRedo(history)}
              onClick={() => step(redo)}
            />
            <Button
              className={styles.big}
              appearance="subtle"
              icon={<DeleteRegular />}
              aria-label={text('delete')}
              title={text('delete')}
              disabled={!selected}
              onClick={remove}
            />
            <span className={styles.divider} aria-hidden />
          </>
        ) : null}
        <Button
          className={styles.big}
          appearance="subtle"
          icon={<ZoomOutRegular />}
          aria-label={text('zoomOut')}
          title={text('zoomOut')}
          onClick={() => stage.current?.zoomOut()}
        />
        <Button
          className={styles.big}
          appearance="subtle"
          icon={<ZoomInRegular />}
          aria-label={text('zoomIn')}
          title={text('zoomIn')}
          onClick={() => stage.current?.zoomIn()}
        />
        <Button
          className={styles.big}
          appearance="subtle"
          icon={<ZoomFitRegular />}
          aria-label={text('fit')}
          title={text('fit')}
          onClick={() => stage.current?.fit()}
        />
      </div>

      <div className={styles.body}>
        <div className={styles.canvas} data-testid="correction-canvas">
          <Suspense
            fallback={
              <div className={styles.waiting}>
                <Spinner size="small" />
              </div>
            }
          >
            <CorrectionCanvasStage
              ref={stage}
              items={items}
              drawingUrl={record.drawing_url}
              aspect={record.canvas?.aspect ?? Math.SQRT2}
              label={canvasLabel(t, items)}
              editable={editable}
              tool={tool}
              color={color}
              selectedId={selectedId}
              onSelect={setSelectedId}
              onChange={change}
              onRefused={setRefusal}
              onDrawing={setDrawing}
            />
          </Suspense>
        </div>
        <div className={styles.side}>
          {editable ? <Text className={styles.hint}>{text(`toolHint.${tool}`)}</Text> : null}
          {pinSelected ? (
            <CanvasPinForm
              ref={pinForm}
              pin={pinSelected}
              readOnly={!editable}
              onApply={applyPin}
              onClose={() => setSelectedId(null)}
              onDirtyChange={setPinDirty}
            />
          ) : selected ? (
            <div className={styles.selectedMark}>
              <Text weight="semibold">{text(`selected.${selected.kind}`)}</Text>
              {editable ? (
                <Button className={styles.big} icon={<DeleteRegular />} onClick={remove}>
                  {text('delete')}
                </Button>
              ) : null}
            </div>
          ) : editable && tool !== 'pin' ? (
            <Text className={styles.hint}>{text('pin.none')}</Text>
          ) : null}
          <CorrectionCanvasLegend items={items} selectedId={selectedId} onEdit={setSelectedId} />
        </div>
      </div>
      {unsaved.confirmation}
    </div>
  );
}
