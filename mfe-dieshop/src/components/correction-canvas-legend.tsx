import { Button, makeStyles, mergeClasses, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CanvasItem } from '@planta/contracts';
import { useFormat } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { correctionCanvasTexts } from '../i18n/correction-canvas.texts';
import { pinDifference, pinsOf } from '../pages/correction-canvas.model';

registerDieshopTexts(correctionCanvasTexts);

const useStyles = makeStyles({
  legend: { display: 'flex', flexDirection: 'column', gap: '8px', minWidth: 0 },
  list: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: '8px' },
  pin: {
    display: 'grid',
    gridTemplateColumns: '32px minmax(0, 1fr) auto',
    gap: '8px',
    alignItems: 'start',
    padding: '8px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  selected: { border: `2px solid ${tokens.colorBrandStroke1}`, padding: '7px' },
  badge: {
    width: '28px',
    height: '28px',
    borderRadius: '50%',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontWeight: tokens.fontWeightSemibold,
    color: '#ffffff',
    border: '2px solid #ffffff',
    boxShadow: tokens.shadow4,
  },
  facts: { display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: '8px', rowGap: '2px', margin: 0 },
  term: { color: tokens.colorNeutralForeground3, margin: 0 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  difference: { fontWeight: tokens.fontWeightSemibold },
  edit: { minWidth: '44px', minHeight: '44px' },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** What the canvas picture says to a screen reader: how many marks of each kind (the legend details the pins). */
export function canvasLabel(t: TFunction, items: readonly CanvasItem[]): string {
  const count = (kind: CanvasItem['kind']) => items.filter((item) => item.kind === kind).length;
  return t('markingCanvas.canvasLabel', { pins: count('pin'), arrows: count('arrow'), strokes: count('stroke') });
}

/**
 * The pins of a canvas as text: number, dimension, measured against nominal with the difference,
 * zone and proposed action. Beside the canvas and under its preview it is what a screen reader
 * reads instead of the picture, and what a die maker reads when the drawing is small.
 */
export function CorrectionCanvasLegend({
  items,
  selectedId,
  onEdit,
  headingLevel = 'h2',
}: {
  items: readonly CanvasItem[];
  selectedId?: string | null;
  /** Given: each pin has an edit button (the page); the keyboard's way to a pin's form. */
  onEdit?: (id: string) => void;
  headingLevel?: 'h2' | 'h3';
}) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const titleId = useId();
  const pins = pinsOf(items);
  const others = items.length - pins.length;
  const mm = (value: number | null) => (value === null ? '—' : `${format.number(value)} mm`);
  const signed = (value: number | null) => (value === null ? '—' : `${value > 0 ? '+' : ''}${format.number(value)} mm`);
  const text = (key: string, values?: Record<string, unknown>) => t(`markingCanvas.legend.${key}`, values);
  return (
    <section className={styles.legend} aria-labelledby={titleId}>
      <Subtitle2 as={headingLevel} id={titleId}>
        {text('title')}
      </Subtitle2>
      {pins.length === 0 ? <Text className={styles.hint}>{text('empty')}</Text> : null}
      {pins.length > 0 ? (
        <ol className={styles.list} aria-labelledby={titleId}>
          {pins.map((pin) => {
            const difference = pinDifference(pin);
            return (
              <li key={pin.id} className={mergeClasses(styles.pin, pin.id === selectedId && styles.selected)} aria-current={pin.id === selectedId || undefined}>
                <span className={styles.badge} style={{ backgroundColor: pin.color, color: pin.color === '#ffb900' ? '#000000' : '#ffffff' }} aria-hidden>
                  {pin.n}
                </span>
                <div role="group" aria-label={t('markingCanvas.pin.title', { n: pin.n })}>
                  <dl className={styles.facts}>
                    <dt className={styles.term}>{text('number')}</dt>
                    <dd className={styles.value}>{pin.n}</dd>
                    <dt className={styles.term}>{text('dimension')}</dt>
                    <dd className={styles.value}>{pin.dimension_label || '—'}</dd>
                    <dt className={styles.term}>{text('measured')}</dt>
                    <dd className={styles.value}>{mm(pin.measured_mm)}</dd>
                    <dt className={styles.term}>{text('nominal')}</dt>
                    <dd className={styles.value}>{mm(pin.nominal_mm)}</dd>
                    <dt className={styles.term}>{text('difference')}</dt>
                    <dd className={mergeClasses(styles.value, styles.difference)}>{signed(difference)}</dd>
                    <dt className={styles.term}>{text('zone')}</dt>
                    <dd className={styles.value}>{pin.zone || '—'}</dd>
                    <dt className={styles.term}>{text('action')}</dt>
                    <dd className={styles.value}>{pin.action || '—'}</dd>
                  </dl>
                </div>
                {onEdit ? (
                  <Button
                    className={styles.edit}
                    appearance="subtle"
                    icon={<EditRegular />}
                    aria-label={text('edit', { n: pin.n })}
                    onClick={() => onEdit(pin.id)}
                  />
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {others > 0 ? <Text className={styles.hint}>{text('others', { count: others })}</Text> : null}
    </section>
  );
}
