import { Button, Field, makeStyles, Select } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PERIOD_DAYS } from '@planta/contracts';
import { DateField } from '@planta/ui';

export const PERIOD_PRESETS = [7, 30, 90, 365] as const;

export interface PeriodChoice {
  /** A preset of the last N days, or null for a custom range. */
  days: number | null;
  from: string;
  to: string;
}

const dayText = (date: Date) => date.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * The period of the page, kept in the address (`?days=30` or `?from=2026-01-01&to=2026-03-31`) so
 * that a link shows the same figures; the API query it asks for (`from`, `to` as instants).
 */
export function usePeriod() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const custom = from && to && /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const days = custom ? null : Number(params.get('days')) || DEFAULT_PERIOD_DAYS;
  const now = Date.now();
  const choice: PeriodChoice = custom ? { days: null, from, to } : { days, from: dayText(new Date(now - days! * DAY_MS)), to: dayText(new Date(now)) };
  const query = custom
    ? { from: `${from}T00:00:00.000Z`, to: new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS).toISOString() }
    : { from: new Date(now - days! * DAY_MS).toISOString() };
  const choose = (next: PeriodChoice) => {
    const kept = new URLSearchParams(params);
    for (const name of ['days', 'from', 'to']) kept.delete(name);
    if (next.days !== null) kept.set('days', String(next.days));
    else {
      kept.set('from', next.from);
      kept.set('to', next.to);
    }
    setParams(kept, { replace: true });
  };
  // The query is recomputed on each render (now moves): the key names the period for effects.
  return { choice, query, key: custom ? `${from}/${to}` : `days:${days}`, choose };
}

const useStyles = makeStyles({
  row: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  select: { minWidth: '170px' },
  date: { width: '160px' },
});

/** Last 7, 30, 90 or 365 days, or a custom range of days. */
export function PeriodPicker({ choice, onChoose }: { choice: PeriodChoice; onChoose: (choice: PeriodChoice) => void }) {
  const styles = useStyles();
  const { t } = useTranslation('maintenance');
  const [draft, setDraft] = useState({ from: choice.from, to: choice.to });
  const [custom, setCustom] = useState(choice.days === null);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(draft.from) && /^\d{4}-\d{2}-\d{2}$/.test(draft.to) && draft.from <= draft.to;
  return (
    <div className={styles.row}>
      <Field label={t('dashboard.period')}>
        <Select
          className={styles.select}
          value={custom ? 'custom' : String(choice.days)}
          onChange={(_, data) => {
            if (data.value === 'custom') {
              setCustom(true);
              setDraft({ from: choice.from, to: choice.to });
            } else {
              setCustom(false);
              onChoose({ ...choice, days: Number(data.value) });
            }
          }}
        >
          {PERIOD_PRESETS.map((days) => (
            <option key={days} value={days}>
              {t('dashboard.periodDays', { count: days })}
            </option>
          ))}
          <option value="custom">{t('dashboard.periodCustom')}</option>
        </Select>
      </Field>
      {custom ? (
        <>
          <DateField label={t('dashboard.from')} className={styles.date} value={draft.from} onValue={(day) => setDraft({ ...draft, from: day ?? '' })} />
          <DateField
            label={t('dashboard.to')}
            className={styles.date}
            validationMessage={valid ? undefined : t('dashboard.periodInvalid')}
            value={draft.to}
            onValue={(day) => setDraft({ ...draft, to: day ?? '' })}
          />
          <Button disabled={!valid} onClick={() => onChoose({ days: null, ...draft })}>
            {t('dashboard.apply')}
          </Button>
        </>
      ) : null}
    </div>
  );
}
