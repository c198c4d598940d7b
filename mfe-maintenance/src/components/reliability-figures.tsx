import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ReliabilityFigures } from '@planta/contracts';
import { FigureCard, useFormat, type Formats } from '@planta/ui';

/** A time given in hours as hours and minutes ('12 h 30 min', never '12,5 h'), '—' without a figure. */
export const hours = (format: Formats, value: number | null) => format.hoursDuration(value);

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
