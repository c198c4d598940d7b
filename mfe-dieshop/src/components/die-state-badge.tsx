import { Badge, makeStyles, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { DieCopy, DieState } from '@planta/contracts';
import { i18nKey, useFormat } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { dieInventoryTexts } from '../i18n/die-inventory.texts';
import { DIE_STATE_COLOURS } from '../pages/die-copy.model';

registerDieshopTexts(dieInventoryTexts);

const useStyles = makeStyles({
  nitriding: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2px' },
  // A chip in a narrow column (a tablet) wraps between its words and grows, instead of clipping.
  chip: { height: 'auto', minHeight: '20px', whiteSpace: 'normal', overflowWrap: 'normal', wordBreak: 'normal', textAlign: 'center', paddingBlock: '2px' },
});

/** A die's state as a coloured chip. */
export function DieStateBadge({ state }: { state: DieState }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  return (
    <Badge className={styles.chip} appearance="tint" shape="rounded" color={DIE_STATE_COLOURS[state]}>
      {t(`enums.dieState.${i18nKey(state)}`)}
    </Badge>
  );
}

/**
 * Kg since the last nitriding with 'Nitrurado próximo' / 'Nitrurado vencido', and the kg's share of
 * the kg threshold (a percentage beside a quantity is of that quantity's threshold); when the
 * billets come first, their count and share of the billets threshold too, which the flag follows.
 */
export function NitridingCounter({ die }: { die: Pick<DieCopy, 'kg_since_nitriding' | 'billets_since_nitriding' | 'nitriding'> }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const { due, kg_percent: kgPercent, billets_percent: billetsPercent } = die.nitriding;
  const billetsFirst = billetsPercent !== null && (kgPercent === null || billetsPercent > kgPercent);
  return (
    <span className={styles.nitriding}>
      <Text>{format.number(die.kg_since_nitriding, 0)}</Text>
      {due === 'ok' ? null : (
        <Badge className={styles.chip} appearance="filled" shape="rounded" color={due === 'overdue' ? 'danger' : 'warning'}>
          {t(`enums.nitridingDue.${due}`)}
        </Badge>
      )}
      {kgPercent === null ? null : (
        <Text size={200} data-testid="kg-of-threshold">
          {t('dieInventory.ofThreshold', { percent: format.percent(kgPercent / 100) })}
        </Text>
      )}
      {billetsFirst ? (
        <Text size={200} data-testid="billets-of-threshold">
          {t('dieInventory.billetsOfThreshold', { billets: format.number(die.billets_since_nitriding, 0), percent: format.percent(billetsPercent / 100) })}
        </Text>
      ) : null}
    </span>
  );
}
