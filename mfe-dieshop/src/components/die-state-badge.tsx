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

/** Kg since the last nitriding, with 'Nitrurado próximo' / 'Nitrurado vencido' and the share of the threshold. */
export function NitridingCounter({ die }: { die: Pick<DieCopy, 'kg_since_nitriding' | 'nitriding'> }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const { due, percent } = die.nitriding;
  return (
    <span className={styles.nitriding}>
      <Text>{format.number(die.kg_since_nitriding, 0)}</Text>
      {due === 'ok' ? null : (
        <Badge className={styles.chip} appearance="filled" shape="rounded" color={due === 'overdue' ? 'danger' : 'warning'}>
          {t(`enums.nitridingDue.${due}`)}
        </Badge>
      )}
      {percent === null ? null : <Text size={200}>{t('dieInventory.ofThreshold', { percent: format.percent(percent / 100) })}</Text>}
    </span>
  );
}
