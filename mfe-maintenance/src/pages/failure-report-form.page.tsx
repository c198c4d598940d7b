import {
  Button,
  Card,
  Combobox,
  Field,
  Input,
  makeStyles,
  Option,
  Select,
  Spinner,
  Switch,
  Text,
  Textarea,
  Title2,
  ToggleButton,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  FAILURE_REPORT_KINDS,
  FAILURE_SEVERITIES,
  failureReportEndpoints,
  failureReportMessages,
  messages,
  STOP_CAUSES,
  type FailureReportKind,
  type FailureSeverity,
  type StopCause,
} from '@planta/contracts';
import { errorMessage, isApiRequestError } from '@planta/session';
import { callOrQueue } from '@planta/session/offline-queue';
import { i18nKey, PhotoPicker, showSnackbar, useCan, usePhotoPicker, useReferenceOptions } from '@planta/ui';
import '../i18n';
import { MACHINE_QUERY_PARAM, REPORTS_PATH } from './failure-report.shared';

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '760px' },
  form: { display: 'flex', flexDirection: 'column', gap: '20px', padding: '24px' },
  machineRow: { display: 'flex', gap: '12px', alignItems: 'flex-end', flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '240px' },
  toggles: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))', gap: '12px' },
  bigToggle: { minHeight: '56px', fontSize: tokens.fontSizeBase400 },
  buttons: { display: 'flex', gap: '12px', justifyContent: 'flex-end', flexWrap: 'wrap' },
});

type Errors = Partial<Record<'machine_id' | 'area' | 'kind' | 'severity' | 'description' | 'photos' | 'cause', string>>;

/**
 * /apps/failure-damage-report/new: the tablet form of a failure or damage report. `?machine=<id>`
 * (the machine summary's QR) chooses the machine. Photos come from the camera or the gallery; one
 * over the company's limit is refused at once; the report and its photos are sent in one request.
 * Without network the report is kept and sent when it returns, once (issue 17: the shell says it is
 * pending); the form then starts afresh for the next report.
 */
export default function FailureReportFormPage() {
  const [round, setRound] = useState(0);
  return <FailureReportForm key={round} onQueued={() => setRound((current) => current + 1)} />;
}

function FailureReportForm({ onQueued }: { onQueued: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['maintenance', 'common']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const mayReport = useCan(failureReportEndpoints.create);
  const machines = useReferenceOptions('machine');
  const askedMachine = searchParams.get(MACHINE_QUERY_PARAM);
  const [machineId, setMachineId] = useState<number | null>(askedMachine && /^\d+$/.test(askedMachine) ? Number(askedMachine) : null);
  const [machineText, setMachineText] = useState('');
  const [useArea, setUseArea] = useState(false);
  const [area, setArea] = useState('');
  const [kind, setKind] = useState<FailureReportKind>('failure');
  const [severity, setSeverity] = useState<FailureSeverity>('medium');
  const [stopped, setStopped] = useState(false);
  const [cause, setCause] = useState<StopCause | ''>('');
  const [description, setDescription] = useState('');
  const picker = usePhotoPicker();
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);

  // The machine of the address, once the machines are known: its name shows in the box.
  const chosen = useMemo(() => machines.find((option) => option.value === machineId), [machines, machineId]);
  useEffect(() => {
    if (chosen) setMachineText(chosen.label);
  }, [chosen]);

  const filtered = machines.filter((option) => option.label.toLocaleLowerCase().includes(machineText.toLocaleLowerCase()) || option.value === machineId);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!useArea && machineId === null) found.machine_id = failureReportMessages.machineOrArea;
    if (useArea && area.trim() === '') found.area = failureReportMessages.machineOrArea;
    if (description.trim() === '') found.description = messages.required;
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = new FormData();
    if (useArea) body.append('area', area.trim());
    else body.append('machine_id', String(machineId));
    body.append('kind', kind);
    body.append('severity', severity);
    body.append('machine_stopped', String(stopped && !useArea));
    if (stopped && cause) body.append('cause', cause);
    body.append('description', description.trim());
    picker.appendTo(body);
    setSending(true);
    try {
      const outcome = await callOrQueue(failureReportEndpoints.create, { body: body as never }, { kind: 'failureReport' });
      if (outcome.status === 'queued') return onQueued();
      const created = outcome.data;
      showSnackbar({ message: t('maintenance:failureReport.sent', { number: created.number }), variant: 'success' });
      navigate(`${REPORTS_PATH}/${created.id}`);
    } catch (error) {
      const fields = isApiRequestError(error) ? (error.fields ?? {}) : {};
      const known = ['machine_id', 'area', 'kind', 'severity', 'description', 'photos', 'cause'].filter((name) => fields[name]);
      if (known.length) setErrors(Object.fromEntries(known.map((name) => [name, fields[name]])));
      else showSnackbar({ message: errorMessage(error), variant: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className={styles.page} aria-labelledby="report-title">
      <Title2 as="h1" id="report-title">
        {t('maintenance:failureReport.newTitle')}
      </Title2>
      <Text>{t('maintenance:failureReport.newIntro')}</Text>
      <Card>
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={styles.machineRow}>
            {useArea ? (
              <Field className={styles.grow} label={t('maintenance:failureReport.area')} required validationMessage={errors.area}>
                <Input
                  size="large"
                  value={area}
                  maxLength={120}
                  placeholder={t('maintenance:failureReport.areaPlaceholder')}
                  onChange={(_, data) => setArea(data.value)}
                />
              </Field>
            ) : (
              <Field className={styles.grow} label={t('maintenance:failureReport.machine')} required validationMessage={errors.machine_id}>
                <Combobox
                  size="large"
                  freeform
                  placeholder={t('maintenance:failureReport.chooseMachine')}
                  value={machineText}
                  selectedOptions={machineId === null ? [] : [String(machineId)]}
                  onChange={(event) => {
                    setMachineText(event.target.value);
                    setMachineId(null);
                  }}
                  onOptionSelect={(_, data) => {
                    setMachineId(data.optionValue ? Number(data.optionValue) : null);
                    setMachineText(data.optionText ?? '');
                    setErrors((current) => ({ ...current, machine_id: undefined }));
                  }}
                >
                  {filtered.map((option) => (
                    <Option key={option.value} value={String(option.value)}>
                      {option.label}
                    </Option>
                  ))}
                </Combobox>
              </Field>
            )}
            <ToggleButton
              size="large"
              checked={useArea}
              onClick={() => {
                setUseArea((current) => !current);
                setErrors({});
              }}
            >
              {t('maintenance:failureReport.areaOther')}
            </ToggleButton>
          </div>

          <Field label={t('maintenance:failureReport.kind')} required>
            <div className={styles.toggles} role="group" aria-label={t('maintenance:failureReport.kind')}>
              {FAILURE_REPORT_KINDS.map((value) => (
                <ToggleButton
                  key={value}
                  className={styles.bigToggle}
                  checked={kind === value}
                  appearance={kind === value ? 'primary' : 'secondary'}
                  onClick={() => setKind(value)}
                >
                  {t(`maintenance:enums.reportKind.${i18nKey(value)}`)}
                </ToggleButton>
              ))}
            </div>
          </Field>

          <Field label={t('maintenance:failureReport.severity')} required>
            <div className={styles.toggles} role="group" aria-label={t('maintenance:failureReport.severity')}>
              {FAILURE_SEVERITIES.map((value) => (
                <ToggleButton
                  key={value}
                  className={styles.bigToggle}
                  checked={severity === value}
                  appearance={severity === value ? 'primary' : 'secondary'}
                  onClick={() => setSeverity(value)}
                >
                  {t(`maintenance:enums.severity.${i18nKey(value)}`)}
                </ToggleButton>
              ))}
            </div>
          </Field>

          {useArea ? null : (
            <Field label={t('maintenance:failureReport.stopped')}>
              <Switch
                checked={stopped}
                onChange={(_, data) => setStopped(data.checked)}
                label={stopped ? t('maintenance:failureReport.stoppedYes') : t('maintenance:failureReport.stoppedNo')}
              />
            </Field>
          )}
          {stopped && !useArea ? (
            <Field label={t('maintenance:failureReport.cause')} validationMessage={errors.cause}>
              <Select size="large" value={cause} onChange={(_, data) => setCause(data.value as StopCause | '')}>
                <option value="">—</option>
                {STOP_CAUSES.map((value) => (
                  <option key={value} value={value}>
                    {t(`common:enums.stopCause.${i18nKey(value)}`)}
                  </option>
                ))}
              </Select>
            </Field>
          ) : null}

          <Field label={t('maintenance:failureReport.description')} required validationMessage={errors.description}>
            <Textarea
              size="large"
              rows={5}
              maxLength={4000}
              value={description}
              placeholder={t('maintenance:failureReport.descriptionPlaceholder')}
              onChange={(_, data) => setDescription(data.value)}
            />
          </Field>

          <PhotoPicker picker={picker} error={errors.photos} testId="report-photos" />

          <div className={styles.buttons}>
            <Button size="large" onClick={() => navigate(`${REPORTS_PATH}/all`)}>
              {t('common:actions.cancel')}
            </Button>
            {mayReport ? (
              <Button size="large" type="submit" appearance="primary" disabled={sending} icon={sending ? <Spinner size="tiny" /> : undefined}>
                {t('maintenance:failureReport.send')}
              </Button>
            ) : null}
          </div>
        </form>
      </Card>
    </section>
  );
}
