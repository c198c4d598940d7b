import {
  Badge,
  Button,
  Card,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Text,
  Textarea,
  Title2,
} from '@fluentui/react-components';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  dieEnlistmentEndpoints,
  ENLISTMENT_CHECKLIST,
  OPEN_ENLISTMENT_STATUSES,
  type DieOven,
  type EnlistmentChecklistItem,
  type EnlistmentDetail,
  type ReservableTool,
} from '@planta/contracts';
import { call, errorMessage, isApiRequestError } from '@planta/session';
import { ErrorCard, Facts, i18nKey, LoadingScreen, showSnackbar, useCan, useFormat } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { dieEnlistmentTexts } from '../i18n/die-enlistment.texts';
import { dieSummaryPath, ENLISTMENT_PATH, ENLISTMENT_STATUS_COLORS } from './die-enlistment.shared';

registerDieshopTexts(dieEnlistmentTexts);

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '1040px' },
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
  columns: { display: 'grid', gap: '16px', gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))' },
  card: { padding: '20px', display: 'flex', flexDirection: 'column', gap: '12px' },
  checks: { display: 'flex', flexDirection: 'column', gap: '4px' },
  tools: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: '8px' },
  tool: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px', minHeight: '40px' },
  row: { display: 'flex', gap: '8px', alignItems: 'end', flexWrap: 'wrap' },
  // The field takes what the card leaves: a long option never pushes the select out of it.
  grow: { flexGrow: 1, flexBasis: '160px', minWidth: 0, '& .fui-Select, & .fui-Input': { width: '100%', minWidth: 0 } },
  released: { opacity: 0.6 },
});

const fieldOf = (error: unknown, name: string) => (isApiRequestError(error) ? error.fields?.[name] : undefined);

/** /apps/die_enlistment/:id: a preparation's checklist, tools, oven in and out, ready, delivery and cancellation. */
export default function DieEnlistmentDetailPage({ id }: { id: number }) {
  const styles = useStyles();
  const { t } = useTranslation([DIESHOP_NS, 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const mayUpdate = useCan(dieEnlistmentEndpoints.checklist);
  const [enlistment, setEnlistment] = useState<EnlistmentDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reservable, setReservable] = useState<ReservableTool[]>([]);
  const [ovens, setOvens] = useState<DieOven[]>([]);
  const [toolChoice, setToolChoice] = useState('');
  const [oven, setOven] = useState({ machine: '', target: '', measured: '' });
  const [tempError, setTempError] = useState<{ target?: string; measured?: string }>({});
  const [cancelling, setCancelling] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    setLoadError(null);
    call(dieEnlistmentEndpoints.get, { params: { id } }).then(setEnlistment, (error: unknown) => setLoadError(errorMessage(error)));
  }, [id]);
  useEffect(load, [load]);
  const open = enlistment !== null && (OPEN_ENLISTMENT_STATUSES as readonly string[]).includes(enlistment.status);
  const toolKey = enlistment?.tools.map((tool) => `${tool.tool_id}:${tool.released_at ?? ''}`).join(',');
  useEffect(() => {
    if (!open || !mayUpdate) return;
    call(dieEnlistmentEndpoints.reservableTools, { params: { id } }).then(setReservable, () => setReservable([]));
  }, [id, open, mayUpdate, toolKey]);
  useEffect(() => {
    if (mayUpdate) call(dieEnlistmentEndpoints.ovens).then(setOvens, () => setOvens([]));
  }, [mayUpdate]);

  if (loadError)
    return (
      <ErrorCard
        title={t('enlistment.title')}
        message={loadError}
        retryLabel={t('common:actions.retry')}
        onRetry={load}
        back={{ label: t('enlistment.back'), onClick: () => navigate(`${ENLISTMENT_PATH}/all`) }}
      />
    );
  if (!enlistment) return <LoadingScreen />;

  /** Runs a step; the answer is the preparation as it now is. */
  const run = async (work: () => Promise<EnlistmentDetail>, onFields?: (error: unknown) => boolean) => {
    setBusy(true);
    try {
      setEnlistment(await work());
      showSnackbar({ message: t('enlistment.saved'), variant: 'success', autoHideMs: 1500 });
      return true;
    } catch (error) {
      if (!onFields?.(error)) showSnackbar({ message: errorMessage(error), variant: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const params = { params: { id } };
  const editable = open && mayUpdate && !busy;
  const heldTools = enlistment.tools.filter((tool) => tool.released_at === null);
  const setTools = (toolIds: number[]) => run(() => call(dieEnlistmentEndpoints.tools, { ...params, body: { tool_ids: toolIds } }));
  // Ticked at once (a tablet's tap shows at once); a refused change reloads what the server holds.
  const tick = (item: EnlistmentChecklistItem, checked: boolean) => {
    setEnlistment({ ...enlistment, [item]: checked });
    void run(() => call(dieEnlistmentEndpoints.checklist, { ...params, body: { [item]: checked } })).then((done) => done || load());
  };
  const inOven = enlistment.oven_in_at !== null && enlistment.oven_out_at === null;
  const dwell = enlistment.dwell_hours !== null ? format.number(enlistment.dwell_hours, 1) : null;
  const maxDwell = format.number(enlistment.oven_max_dwell_hours, 1);

  const temperature = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));
  const ovenIn = () =>
    run(
      () =>
        call(dieEnlistmentEndpoints.ovenIn, {
          ...params,
          body: { oven_machine_id: oven.machine ? Number(oven.machine) : null, target_temp_c: temperature(oven.target) },
        }),
      (error) => {
        const message = fieldOf(error, 'target_temp_c');
        setTempError({ target: message });
        return message !== undefined;
      },
    );
  const ovenOut = () => {
    const measured = temperature(oven.measured);
    if (measured === null) return setTempError({ measured: t('enlistment.temperatureRequired') });
    return run(
      () => call(dieEnlistmentEndpoints.ovenOut, { ...params, body: { measured_temp_c: measured } }),
      (error) => {
        const message = fieldOf(error, 'measured_temp_c');
        setTempError({ measured: message });
        return message !== undefined;
      },
    ).then((done) => done && setTempError({}));
  };

  const facts: [string, ReactNode][] = [
    [
      t('enlistment.die'),
      <Link key="die" href={dieSummaryPath(enlistment.die_id)} onClick={(event) => (event.preventDefault(), navigate(dieSummaryPath(enlistment.die_id)))}>
        {t('enlistment.dieCopy', { reference: enlistment.die_reference, copy: enlistment.copy_number })}
      </Link>,
    ],
    [t('enlistment.dieState'), t(`enums.dieState.${i18nKey(enlistment.die_state)}`)],
    [t('enlistment.order'), enlistment.order_number ?? '—'],
    [t('enlistment.line'), enlistment.line_name ?? '—'],
    [t('enlistment.neededAt'), format.dateTime(enlistment.needed_at)],
    [t('enlistment.requestedBy'), `${enlistment.requested_by_name ?? '—'} · ${format.dateTime(enlistment.requested_at)}`],
  ];
  if (enlistment.note) facts.push([t('enlistment.note'), enlistment.note]);
  if (enlistment.delivered_at)
    facts.push([t('enlistment.deliveredBy'), `${enlistment.delivered_by_name ?? '—'} · ${format.dateTime(enlistment.delivered_at)}`]);
  if (enlistment.cancelled_reason) facts.push([t('enlistment.cancelledReason'), enlistment.cancelled_reason]);
  if (enlistment.override_reason) facts.push([t('enlistment.overrideReason'), enlistment.override_reason]);

  return (
    <section className={styles.page} aria-labelledby="enlistment-number">
      <div className={styles.head}>
        <Title2 as="h1" id="enlistment-number">
          {enlistment.number}
        </Title2>
        <Badge size="large" appearance="filled" color={ENLISTMENT_STATUS_COLORS[enlistment.status]} data-testid="enlistment-status">
          {t(`enums.enlistmentStatus.${i18nKey(enlistment.status)}`)}
        </Badge>
        {enlistment.overdue ? <Badge color="danger">{t('enlistment.overdue')}</Badge> : null}
      </div>
      <div className={styles.actions}>
        <Button onClick={() => navigate(`${ENLISTMENT_PATH}/all`)}>{t('enlistment.back')}</Button>
        {editable && enlistment.status !== 'ready' && !inOven ? (
          <Button appearance="primary" onClick={() => run(() => call(dieEnlistmentEndpoints.ready, params))}>
            {t('enlistment.ready')}
          </Button>
        ) : null}
        {editable && enlistment.status === 'ready' ? (
          <Button appearance="primary" onClick={() => run(() => call(dieEnlistmentEndpoints.deliver, params))}>
            {t('enlistment.deliver')}
          </Button>
        ) : null}
        {editable ? <Button onClick={() => setCancelling(true)}>{t('enlistment.cancelAction')}</Button> : null}
      </div>
      {enlistment.dwell_alarm ? (
        <MessageBar intent="error" data-testid="dwell-alarm">
          <MessageBarBody>{t('enlistment.dwellAlarmText', { hours: dwell, max: maxDwell })}</MessageBarBody>
        </MessageBar>
      ) : null}
      {enlistment.warnings.map((warning) => (
        <MessageBar key={warning} intent="warning">
          <MessageBarBody>{warning}</MessageBarBody>
        </MessageBar>
      ))}
      <Card className={styles.card}>
        <Facts items={facts} />
      </Card>
      <div className={styles.columns}>
        <Card className={styles.card}>
          <Text weight="semibold" as="h2">
            {t('enlistment.checklist')}
          </Text>
          <div className={styles.checks}>
            {ENLISTMENT_CHECKLIST.map((item) => (
              <Checkbox
                key={item}
                size="large"
                checked={enlistment[item]}
                disabled={!editable}
                label={t(`enlistment.checks.${i18nKey(item)}`)}
                onChange={(_, data) => tick(item, data.checked === true)}
              />
            ))}
          </div>
        </Card>
        <Card className={styles.card}>
          <Text weight="semibold" as="h2">
            {t('enlistment.tools')}
          </Text>
          {enlistment.tools.length === 0 ? <Text>{t('enlistment.noTools')}</Text> : null}
          <ul className={styles.tools}>
            {enlistment.tools.map((tool) => (
              <li key={tool.tool_id} className={tool.released_at ? `${styles.tool} ${styles.released}` : styles.tool}>
                <span>
                  <Text weight="semibold">{tool.code}</Text> · {t(`enums.toolKind.${i18nKey(tool.kind)}`)}
                  {tool.description ? ` · ${tool.description}` : ''}
                  {tool.released_at ? ` · ${t('enlistment.released', { at: format.dateTime(tool.released_at) })}` : ''}
                </span>
                {editable && !tool.released_at ? (
                  <Button onClick={() => setTools(heldTools.filter((held) => held.tool_id !== tool.tool_id).map((held) => held.tool_id))}>
                    {t('enlistment.release')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          {editable ? (
            <div className={styles.row}>
              <Field className={styles.grow} label={t('enlistment.chooseTool')} hint={reservable.length === 0 ? t('enlistment.noReservable') : undefined}>
                <Select value={toolChoice} onChange={(_, data) => setToolChoice(data.value)}>
                  <option value="">—</option>
                  {reservable.map((tool) => (
                    <option key={tool.id} value={tool.id}>
                      {`${tool.code} · ${t(`enums.toolKind.${i18nKey(tool.kind)}`)}${tool.location ? ` · ${tool.location}` : ''}`}
                    </option>
                  ))}
                </Select>
              </Field>
              <Button
                disabled={!toolChoice}
                onClick={() => setTools([...heldTools.map((held) => held.tool_id), Number(toolChoice)]).then(() => setToolChoice(''))}
              >
                {t('enlistment.addTool')}
              </Button>
            </div>
          ) : null}
        </Card>
        <Card className={styles.card}>
          <Text weight="semibold" as="h2">
            {t('enlistment.oven')}
          </Text>
          <Facts
            items={[
              [t('enlistment.ovenMachine'), enlistment.oven_name ?? t('enlistment.noOven')],
              [t('enlistment.ovenInAt'), format.dateTime(enlistment.oven_in_at)],
              [t('enlistment.ovenOutAt'), format.dateTime(enlistment.oven_out_at)],
              [t('enlistment.targetTemp'), enlistment.target_temp_c ?? '—'],
              [t('enlistment.measuredTemp'), enlistment.measured_temp_c ?? '—'],
              ...(dwell !== null ? [[t('enlistment.dwellLabel'), t('enlistment.dwellText', { hours: dwell, max: maxDwell })] as const] : []),
            ]}
          />
          {editable && enlistment.oven_in_at === null ? (
            <div className={styles.row}>
              <Field className={styles.grow} label={t('enlistment.ovenMachine')}>
                <Select value={oven.machine} onChange={(_, data) => setOven({ ...oven, machine: data.value })}>
                  <option value="">—</option>
                  {ovens.map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {candidate.line_name ? `${candidate.name} · ${candidate.line_name}` : candidate.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                className={styles.grow}
                label={t('enlistment.targetTemp')}
                validationMessage={tempError.target}
                validationState={tempError.target ? 'error' : 'none'}
              >
                <Input inputMode="numeric" value={oven.target} onChange={(_, data) => setOven({ ...oven, target: data.value })} />
              </Field>
              <Button appearance="primary" onClick={ovenIn}>
                {t('enlistment.ovenIn')}
              </Button>
            </div>
          ) : null}
          {editable && inOven ? (
            <div className={styles.row}>
              <Field
                className={styles.grow}
                label={t('enlistment.measuredTemp')}
                hint={tempError.measured ? undefined : t('enlistment.minTemp', { min: enlistment.min_die_temperature_c })}
                validationMessage={tempError.measured}
                validationState={tempError.measured ? 'error' : 'none'}
              >
                <Input inputMode="numeric" value={oven.measured} onChange={(_, data) => setOven({ ...oven, measured: data.value })} />
              </Field>
              <Button appearance="primary" onClick={ovenOut}>
                {t('enlistment.ovenOut')}
              </Button>
            </div>
          ) : null}
        </Card>
      </div>
      {cancelling ? (
        <CancelDialog
          number={enlistment.number}
          onClose={() => setCancelling(false)}
          onCancel={(reason) => run(() => call(dieEnlistmentEndpoints.cancel, { ...params, body: { reason } }))}
        />
      ) : null}
    </section>
  );
}

function CancelDialog({ number, onClose, onCancel }: { number: string; onClose: () => void; onCancel: (reason: string) => Promise<boolean> }) {
  const { t } = useTranslation(DIESHOP_NS);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('enlistment.cancelTitle', { number })}</DialogTitle>
          <DialogContent>
            <Field label={t('enlistment.cancelReason')} required validationMessage={error} validationState={error ? 'error' : 'none'}>
              <Textarea value={reason} onChange={(_, data) => setReason(data.value)} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('enlistment.keep')}</Button>
            <Button
              appearance="primary"
              onClick={async () => {
                if (!reason.trim()) return setError(t('enlistment.cancelReasonRequired'));
                if (await onCancel(reason.trim())) onClose();
              }}
            >
              {t('enlistment.confirmCancel')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
