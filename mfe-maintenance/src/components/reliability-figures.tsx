import { Card, InfoLabel, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReliabilityFigures } from '@planta/contracts';
import { useFormat, type Formats } from '@planta/ui';

const useStyles = makeStyles({
  // Visible overflow: the formula's popover opens below the label and must not be cut by the card.
  card: { padding: '12px 16px', display: 'flex', flexDirection: 'column', gap: '4px', minWidth: '150px', overflow: 'visible' },
  value: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  note: { color: tokens.colorNeutralForeground3 },
  info: { maxWidth: '360px', display: 'flex', flexDirection: 'column', gap: '6px' },
});

/** A figure with its label and, behind the label's (i) button, how it is computed. */
export function FigureCard({ label, value, info, note, testId }: { label: string; value: ReactNode; info?: ReactNode; note?: ReactNode; testId?: string }) {
  const styles = useStyles();
  return (
    <Card className={styles.card} data-testid={testId}>
      {info ? (
        <InfoLabel info={<div className={styles.info}>{info}</div>} size="medium">
          {label}
        </InfoLabel>
      ) : (
        <Text weight="semibold">{label}</Text>
      )}
      <span className={styles.value}>{value}</span>
      {note ? (
        <Text size={200} className={styles.note}>
          {note}
        </Text>
      ) : null}
    </Card>
  );
}

const hours = (format: Formats, value: number | null) => (value === null ? '—' : `${format.number(value, 1)} h`);

/**
 * MTBF, MTTR, availability and uptime of figures computed by contracts' reliabilityFigures, each
 * with its formula filled in with the inputs it was computed from.
 */
export function useReliabilityTexts() {
  const { t } = useTranslation('maintenance');
  const format = useFormat();
  return (figures: ReliabilityFigures) => {
    const inputs = {
      period: format.number(figures.periodHours, 1),
      stop: format.number(figures.stopHours, 1),
      failures: figures.failureCount,
      failureHours: format.number(figures.failureHours, 1),
      mtbf: hours(format, figures.mtbfHours),
      mttr: hours(format, figures.mttrHours),
    };
    const none = figures.failureCount === 0 ? t('reliability.noFailures') : undefined;
    const rule = <Text size={200}>{t('reliability.failureRule')}</Text>;
    return {
      mtbf: { label: t('reliability.mtbf'), value: hours(format, figures.mtbfHours), note: none, info: [t('reliability.mtbfFormula', inputs), rule] },
      mttr: { label: t('reliability.mttr'), value: hours(format, figures.mttrHours), note: none, info: [t('reliability.mttrFormula', inputs), rule] },
      availability: {
        label: t('reliability.availability'),
        value: format.percent(figures.availability),
        note: none,
        info: [t('reliability.availabilityFormula', inputs), rule],
      },
      uptime: {
        label: t('reliability.uptime'),
        value: format.percent(figures.uptimeShare),
        note: undefined,
        info: [t('reliability.uptimeFormula', inputs), rule],
      },
    };
  };
}

/** The four reliability cards of a machine (or a group of machines). */
export function ReliabilityCards({ figures }: { figures: ReliabilityFigures }) {
  const texts = useReliabilityTexts()(figures);
  return (
    <>
      {(['mtbf', 'mttr', 'availability', 'uptime'] as const).map((name) => (
        <FigureCard
          key={name}
          testId={`figure-${name}`}
          label={texts[name].label}
          value={texts[name].value}
          note={texts[name].note}
          info={texts[name].info.map((line, index) => (
            <div key={index}>{line}</div>
          ))}
        />
      ))}
    </>
  );
}
