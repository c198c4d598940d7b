import { Button, Field, makeStyles, Select, Text, Title1, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, DesktopRegular, DocumentPdfRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { errorMessage, userAtom } from '@planta/session';
import { filtersKey } from '@planta/shell-contract';
import { DateField, showSnackbar, useFormat } from '@planta/ui';
import { exportToExcel, exportToPdf, type DashboardExport } from './dashboard-export';
import { filtersFor, PERIOD_PRESETS, periodChoiceFrom, periodChoiceParams, type PeriodChoice } from './dashboard-period';
import { ShopFloorDisplay } from './shop-floor-display';
import { useDashboardChoices } from './use-dashboard-choices';
import { useDashboardWidgets, useExportSheets, WidgetGrid } from './widget-grid';

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  head: { display: 'flex', flexDirection: 'column', gap: '4px' },
  muted: { color: tokens.colorNeutralForeground2 },
  controls: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  select: { minWidth: '160px' },
  date: { width: '160px' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap', marginInlineStart: 'auto' },
});

/** The same object as long as its key is the same. */
function useKeyed<T>(value: T, key: string): T {
  const kept = useRef({ key, value });
  if (kept.current.key !== key) kept.current = { key, value };
  return kept.current.value;
}

/**
 * /apps/dashboards/indicators — 'Indicadores clave' (issue 16): the areas' indicator widgets over
 * the chosen period, press and shift (kept in the address, so a link shows the same figures),
 * exported to Excel or PDF as shown, and the shop-floor display (`?display=1`).
 */
export function IndicatorsPage() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const format = useFormat();
  const user = useAtomValue(userAtom);
  const [params, setParams] = useSearchParams();
  const choice = periodChoiceFrom(params);
  const { presses, shifts } = useDashboardChoices();
  const filters = filtersFor(choice, shifts);
  // The widgets reload when what is shown changes, not on every render.
  const stableFilters = useKeyed(filters, filtersKey(filters));
  const choose = (next: Partial<PeriodChoice>) => setParams(periodChoiceParams({ ...choice, ...next }, params), { replace: true });
  const display = params.get('display') === '1';
  const setDisplay = useCallback(
    (on: boolean) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (on) next.set('display', '1');
          else next.delete('display');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const exports = useExportSheets();
  const { widgets, failed, loading } = useDashboardWidgets('indicators');
  const [exporting, setExporting] = useState(false);
  const [draft, setDraft] = useState({ from: choice.from ?? '', to: choice.to ?? '' });
  const [customOpen, setCustomOpen] = useState(choice.preset === 'custom');
  const draftValid = /^\d{4}-\d{2}-\d{2}$/.test(draft.from) && /^\d{4}-\d{2}-\d{2}$/.test(draft.to) && draft.from <= draft.to;

  const pressName = presses.find((press) => press.id === filters.lineId)?.name;
  const shiftName = shifts.find((shift) => shift.id === filters.shiftId)?.name;
  const periodLabel = filters.runningShift
    ? t('indicators.runningShift', { name: filters.runningShift.name, start: format.time(filters.from) })
    : t(`indicators.presets.${choice.preset}`);

  const exportAs = async (kind: 'excel' | 'pdf') => {
    const parts = exports.collect(widgets);
    if (parts.length === 0) return showSnackbar({ message: t('indicators.exportEmpty'), variant: 'warning' });
    const content: DashboardExport = {
      title: t('indicators.title'),
      header: [
        t('indicators.exportPeriod', { from: format.dateTime(filters.from), to: filters.to ? format.dateTime(filters.to) : t('indicators.exportNow') }),
        t('indicators.exportPress', { press: pressName ?? t('indicators.allPresses') }),
        t('indicators.exportShift', { shift: shiftName ?? t('indicators.allShifts') }),
        t('indicators.exportGenerated', { at: format.dateTime(new Date().toISOString()), user: user.data.displayName }),
      ],
      parts,
    };
    setExporting(true);
    try {
      await (kind === 'excel' ? exportToExcel : exportToPdf)(content, t('indicators.exportFile'));
    } catch (error) {
      showSnackbar({ message: errorMessage(error), variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  if (display) {
    const shown = filters.lineId ? presses.filter((press) => press.id === filters.lineId) : presses;
    return <ShopFloorDisplay presses={shown} filters={stableFilters} periodLabel={periodLabel} onExit={() => setDisplay(false)} />;
  }

  const nothing = widgets.length === 0 && failed.length === 0 && loading.length === 0;
  return (
    <section className={styles.page} aria-labelledby="indicators-title">
      <div className={styles.head}>
        <Title1 as="h1" id="indicators-title">
          {t('indicators.title')}
        </Title1>
        <Text className={styles.muted}>{t('indicators.description')}</Text>
      </div>
      <div className={styles.controls}>
        <Field label={t('indicators.period')}>
          <Select
            className={styles.select}
            value={customOpen ? 'custom' : choice.preset}
            onChange={(_, data) => {
              if (data.value === 'custom') {
                setCustomOpen(true);
                return;
              }
              setCustomOpen(false);
              choose({ preset: data.value as PeriodChoice['preset'] });
            }}
          >
            {PERIOD_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {t(`indicators.presets.${preset}`)}
              </option>
            ))}
          </Select>
        </Field>
        {customOpen ? (
          <>
            <DateField label={t('indicators.from')} className={styles.date} value={draft.from} onValue={(day) => setDraft({ ...draft, from: day ?? '' })} />
            <DateField
              label={t('indicators.to')}
              className={styles.date}
              validationMessage={draft.from && draft.to && !draftValid ? t('indicators.periodInvalid') : undefined}
              value={draft.to}
              onValue={(day) => setDraft({ ...draft, to: day ?? '' })}
            />
            <Button disabled={!draftValid} onClick={() => choose({ preset: 'custom', ...draft })}>
              {t('indicators.apply')}
            </Button>
          </>
        ) : null}
        {presses.length > 0 ? (
          <Field label={t('indicators.press')}>
            <Select
              className={styles.select}
              value={choice.lineId ? String(choice.lineId) : ''}
              onChange={(_, data) => choose({ lineId: data.value ? Number(data.value) : null })}
            >
              <option value="">{t('indicators.allPresses')}</option>
              {presses.map((press) => (
                <option key={press.id} value={press.id}>
                  {press.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        {shifts.length > 0 ? (
          <Field label={t('indicators.shift')}>
            <Select
              className={styles.select}
              disabled={choice.preset === 'shift'}
              value={filters.shiftId ? String(filters.shiftId) : ''}
              onChange={(_, data) => choose({ shiftId: data.value ? Number(data.value) : null })}
            >
              <option value="">{t('indicators.allShifts')}</option>
              {shifts.map((shift) => (
                <option key={shift.id} value={shift.id}>
                  {shift.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <div className={styles.actions}>
          <Button icon={<ArrowDownloadRegular />} disabled={exporting} onClick={() => void exportAs('excel')}>
            {exporting ? t('indicators.exporting') : t('indicators.exportExcel')}
          </Button>
          <Button icon={<DocumentPdfRegular />} disabled={exporting} onClick={() => void exportAs('pdf')}>
            {t('indicators.exportPdf')}
          </Button>
          <Button icon={<DesktopRegular />} onClick={() => setDisplay(true)}>
            {t('indicators.displayMode')}
          </Button>
        </div>
      </div>
      {choice.preset === 'shift' ? <Text className={styles.muted}>{filters.runningShift ? periodLabel : t('indicators.noRunningShift')}</Text> : null}
      {nothing ? <Text>{t('indicators.none')}</Text> : <WidgetGrid dashboard="indicators" filters={stableFilters} exportHandler={exports.handlerFor} />}
    </section>
  );
}
