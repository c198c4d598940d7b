import { Badge, makeStyles } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BadgeProps } from '@fluentui/react-components';
import type { CorrectionEffectiveness, CorrectionSeverity, CorrectionStatus, TrialResult } from '@planta/contracts';
import { i18nKey } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { correctionTexts } from '../i18n/correction.texts';

registerDieshopTexts(correctionTexts);

const useStyles = makeStyles({
  // A chip in a narrow column (a tablet) wraps between its words instead of clipping.
  chip: { height: 'auto', minHeight: '20px', whiteSpace: 'normal', textAlign: 'center', paddingBlock: '2px' },
});

type Colour = NonNullable<BadgeProps['color']>;

export const CORRECTION_STATUS_COLOURS: Record<CorrectionStatus, Colour> = {
  draft: 'subtle',
  reported: 'informative',
  analysis: 'brand',
  assigned: 'brand',
  in_correction: 'warning',
  in_trial: 'important',
  closed: 'success',
  discarded: 'subtle',
  scrapped: 'danger',
};
const SEVERITY_COLOURS: Record<CorrectionSeverity, Colour> = { minor: 'informative', major: 'warning', critical: 'danger' };
const EFFECTIVENESS_COLOURS: Record<CorrectionEffectiveness, Colour> = { pending: 'subtle', effective: 'success', not_effective: 'danger' };
const TRIAL_COLOURS: Record<TrialResult, Colour> = { pending: 'subtle', approved: 'success', rejected: 'danger' };

function Chip({ colour, text, appearance = 'tint' }: { colour: Colour; text: string; appearance?: BadgeProps['appearance'] }) {
  const styles = useStyles();
  return (
    <Badge className={styles.chip} appearance={appearance} shape="rounded" color={colour}>
      {text}
    </Badge>
  );
}

/** The names of the corrections' vocabulary in the user's language. */
export function useCorrectionNames() {
  const { t } = useTranslation(DIESHOP_NS);
  // The same object while the language holds: the boards' columns are memoised on it.
  return useMemo(
    () => ({
      status: (value: CorrectionStatus) => t(`correction.enums.status.${i18nKey(value)}`),
      origin: (value: string) => t(`correction.enums.origin.${i18nKey(value)}`),
      severity: (value: CorrectionSeverity) => t(`correction.enums.severity.${i18nKey(value)}`),
      effectiveness: (value: CorrectionEffectiveness) => t(`correction.enums.effectiveness.${i18nKey(value)}`),
      trial: (value: TrialResult) => t(`correction.enums.trialResult.${i18nKey(value)}`),
    }),
    [t],
  );
}

export function CorrectionStatusBadge({ status }: { status: CorrectionStatus }) {
  return <Chip colour={CORRECTION_STATUS_COLOURS[status]} text={useCorrectionNames().status(status)} />;
}

export function SeverityBadge({ severity }: { severity: CorrectionSeverity }) {
  return <Chip colour={SEVERITY_COLOURS[severity]} text={useCorrectionNames().severity(severity)} appearance="outline" />;
}

export function EffectivenessBadge({ effectiveness }: { effectiveness: CorrectionEffectiveness }) {
  return <Chip colour={EFFECTIVENESS_COLOURS[effectiveness]} text={useCorrectionNames().effectiveness(effectiveness)} />;
}

export function TrialResultBadge({ result }: { result: TrialResult }) {
  return <Chip colour={TRIAL_COLOURS[result]} text={useCorrectionNames().trial(result)} />;
}
