import { Badge, Button, Card, Field, Input, makeStyles, Select, Spinner, Text, Title2, Title3, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import {
  dieLabel,
  NITRIDING_RESULTS,
  NITRIDING_TYPICAL,
  nitridingBatchEndpoints,
  nitridingHint,
  nitridingMessages,
  type NitridingBatchDetail,
  type NitridingBatchDie,
  type NitridingResult,
} from '@planta/contracts';
import { call, errorMessage, isApiRequestError } from '@planta/session';
import { ErrorCard, Facts, i18nKey, showSnackbar, StoredFileLink, tooLargeRefusal, useCan, useFormat } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { nitridingTexts } from '../i18n/nitriding.texts';
import { SourceDocuments } from '../uploads/source-documents';
import { NITRIDING_PATH } from './nitriding.shared';

registerDieshopTexts(nitridingTexts);

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '1280px' },
  head: { display: 'flex', gap: '12px', alignItems: 'center', flexWrap: 'wrap' },
  card: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '16px' },
  row: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: '12px', alignItems: 'start' },
  actions: { display: 'flex', gap: '12px', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' },
  dies: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: '12px' },
  dieHead: { display: 'flex', justifyContent: 'space-between', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  hint: { color: tokens.colorNeutralForeground3 },
  warn: { color: tokens.colorPaletteDarkOrangeForeground1 },
  hiddenInput: { display: 'none' },
});

const decimal = (text: string) => Number(text.replace(',', '.'));

/** The typical value beside a confirmed or typed one: a hint, never a rule (domain.md B). */
function Hint({ text, outside }: { text: string; outside: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  return (
    <Text size={200} className={outside ? styles.warn : styles.hint}>
      {text}
      {outside ? ` · ${t('nitriding.outsideTypical')}` : ''}
    </Text>
  );
}

/** One die of the batch: its snapshot, and its confirmation (typed here while the batch is received). */
function BatchDie({ batch, die, onSaved }: { batch: NitridingBatchDetail; die: NitridingBatchDie; onSaved: (batch: NitridingBatchDetail) => void }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const mayConfirm = useCan(nitridingBatchEndpoints.confirm);
  const [hardness, setHardness] = useState('');
  const [depth, setDepth] = useState('');
  const [result, setResult] = useState<NitridingResult | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'hardness_hv' | 'case_depth_mm' | 'result' | 'note', string>>>({});
  const [saving, setSaving] = useState(false);
  const label = dieLabel(die);
  const typicalHardness = t('nitriding.typicalHardness', { hv: format.number(NITRIDING_TYPICAL.minHardnessHv, 0) });
  const typicalDepth = t('nitriding.typicalDepth', {
    min: format.number(NITRIDING_TYPICAL.caseDepthMm.min, 2),
    max: format.number(NITRIDING_TYPICAL.caseDepthMm.max, 2),
  });
  const typedHardness = hardness.trim() === '' ? null : decimal(hardness);
  const typedDepth = depth.trim() === '' ? null : decimal(depth);

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (typedHardness === null || !(typedHardness > 0 && typedHardness < 2000)) found.hardness_hv = nitridingMessages.hardness;
    if (typedDepth === null || !(typedDepth > 0 && typedDepth < 5)) found.case_depth_mm = nitridingMessages.caseDepth;
    if (!result) found.result = nitridingMessages.result;
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const saved = await call(nitridingBatchEndpoints.confirm, {
        params: { id: batch.id, dieId: die.die_id },
        body: { hardness_hv: typedHardness!, case_depth_mm: typedDepth!, result: result as NitridingResult, note: note.trim() },
      });
      showSnackbar({ message: t('nitriding.confirmed', { die: label }), variant: 'success' });
      onSaved(saved);
    } catch (error) {
      const fields = isApiRequestError(error) ? (error.fields ?? {}) : {};
      const known = (['hardness_hv', 'case_depth_mm', 'result', 'note'] as const).filter((name) => fields[name]);
      if (known.length) setErrors(Object.fromEntries(known.map((name) => [name, fields[name]])));
      else showSnackbar({ message: errorMessage(error), variant: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className={styles.card} data-testid={`batch-die-${die.die_id}`}>
      <div className={styles.dieHead}>
        <Title3 as="h3">
          <RouterLink to={`/apps/dies/dieResume/${die.die_id}`} aria-label={t('nitriding.openDie', { die: label })}>
            {label}
          </RouterLink>
        </Title3>
        {die.result ? (
          <Badge color={die.result === 'accepted' ? 'success' : 'danger'} appearance="filled">
            {t(`enums.nitridingResult.${die.result}`)}
          </Badge>
        ) : (
          <Badge appearance="tint">{t(`enums.dieState.${i18nKey(die.die_state)}`)}</Badge>
        )}
      </div>
      <Text>{t('nitriding.nitridingNo', { n: die.nitriding_no })}</Text>
      <Text size={200}>{t('nitriding.snapshot', { billets: format.number(die.billets_since_previous, 0), kg: format.number(die.kg_since_previous, 0) })}</Text>
      {die.result ? (
        <>
          <Facts
            items={[
              [
                t('nitriding.hardness'),
                <>
                  {format.number(die.hardness_hv, 0)} <Hint text={typicalHardness} outside={nitridingHint.hardnessLow(die.hardness_hv ?? 0)} />
                </>,
              ],
              [
                t('nitriding.caseDepth'),
                <>
                  {format.number(die.case_depth_mm, 3)} <Hint text={typicalDepth} outside={nitridingHint.depthOutside(die.case_depth_mm ?? 0)} />
                </>,
              ],
              ...(die.note ? [[t('nitriding.noteLabel'), die.note] as const] : []),
            ]}
          />
          <Text weight="semibold">{die.result === 'accepted' ? t('nitriding.accepted') : t('nitriding.rejected')}</Text>
        </>
      ) : batch.status !== 'sent' && mayConfirm ? (
        <form onSubmit={confirm} noValidate className={styles.card}>
          <Field label={t('nitriding.hardness')} required validationMessage={errors.hardness_hv} hint={typicalHardness}>
            <Input size="large" inputMode="decimal" value={hardness} onChange={(_, data) => setHardness(data.value)} />
          </Field>
          {typedHardness !== null && typedHardness > 0 && nitridingHint.hardnessLow(typedHardness) ? <Hint text={typicalHardness} outside /> : null}
          <Field label={t('nitriding.caseDepth')} required validationMessage={errors.case_depth_mm} hint={typicalDepth}>
            <Input size="large" inputMode="decimal" value={depth} onChange={(_, data) => setDepth(data.value)} />
          </Field>
          {typedDepth !== null && typedDepth > 0 && nitridingHint.depthOutside(typedDepth) ? <Hint text={typicalDepth} outside /> : null}
          <Field label={t('nitriding.result')} required validationMessage={errors.result}>
            <Select size="large" value={result} onChange={(_, data) => setResult(data.value as NitridingResult | '')}>
              <option value="">{t('nitriding.chooseResult')}</option>
              {NITRIDING_RESULTS.map((value) => (
                <option key={value} value={value}>
                  {t(`enums.nitridingResult.${value}`)}
                </option>
              ))}
            </Select>
          </Field>
          {result === 'rejected' ? <Text size={200}>{t('nitriding.rejected')}</Text> : null}
          <Field label={t('nitriding.noteLabel')} validationMessage={errors.note}>
            <Input size="large" value={note} maxLength={300} onChange={(_, data) => setNote(data.value)} />
          </Field>
          <div className={styles.actions}>
            <Button appearance="primary" size="large" type="submit" disabled={saving}>
              {t('nitriding.confirm')}
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}

/** The certificate of a batch: its number and its file (a PDF or a photo, within the company's limit). */
function Certificate({ batch, onSaved }: { batch: NitridingBatchDetail; onSaved: (batch: NitridingBatchDetail) => void }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const mayAttach = useCan(nitridingBatchEndpoints.certificate);
  const [number, setNumber] = useState(batch.certificate_number);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<'certificate_number' | 'file', string>>>({});
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const choose = (files: FileList | null) => {
    const chosen = files?.[0] ?? null;
    const tooLarge = chosen ? tooLargeRefusal(chosen, batch.upload_limit_mb) : undefined;
    if (tooLarge) {
      setErrors({ file: tooLarge });
      setFile(null);
      if (input.current) input.current.value = '';
      return;
    }
    setErrors({});
    setFile(chosen);
  };
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (number.trim() === '') return setErrors({ certificate_number: nitridingMessages.certificateNumber });
    const body = new FormData();
    body.append('certificate_number', number.trim());
    if (file) body.append('file', file, file.name);
    setSaving(true);
    try {
      const saved = await call(nitridingBatchEndpoints.certificate, { params: { id: batch.id }, body: body as never });
      showSnackbar({ message: t('nitriding.certificateSaved'), variant: 'success' });
      setFile(null);
      if (input.current) input.current.value = '';
      onSaved(saved);
    } catch (error) {
      const fields = isApiRequestError(error) ? (error.fields ?? {}) : {};
      if (fields.file || fields.certificate_number) setErrors({ file: fields.file, certificate_number: fields.certificate_number });
      else showSnackbar({ message: errorMessage(error), variant: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className={styles.card}>
      <Title3 as="h2">{t('nitriding.certificate')}</Title3>
      {batch.certificate_url ? (
        <StoredFileLink url={batch.certificate_url}>{t('nitriding.certificateOpen')}</StoredFileLink>
      ) : (
        <Text>{t('nitriding.noCertificate')}</Text>
      )}
      {mayAttach ? (
        <form onSubmit={save} noValidate className={styles.row}>
          <Field label={t('nitriding.certificateNumber')} required validationMessage={errors.certificate_number}>
            <Input size="large" value={number} maxLength={60} onChange={(_, data) => setNumber(data.value)} />
          </Field>
          <Field label={t('nitriding.certificateFile')} hint={t('nitriding.uploadLimit', { mb: batch.upload_limit_mb })} validationMessage={errors.file}>
            <input
              ref={input}
              type="file"
              aria-label={t('nitriding.certificateFile')}
              accept="application/pdf,image/jpeg,image/png,image/webp"
              onChange={(event) => choose(event.target.files)}
              data-testid="certificate-file"
            />
          </Field>
          <div className={styles.actions}>
            <Button size="large" type="submit" disabled={saving}>
              {t('nitriding.certificateSave')}
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}

/** /apps/die-nitruring-confirm/:id: a batch, its reception and certificate, and each die's confirmation. */
export default function NitridingBatchPage({ id }: { id: number }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const mayReceive = useCan(nitridingBatchEndpoints.receive);
  const [batch, setBatch] = useState<NitridingBatchDetail | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [certificateNumber, setCertificateNumber] = useState('');
  const [receiveError, setReceiveError] = useState<string | undefined>();
  const [receiving, setReceiving] = useState(false);

  const load = useCallback(() => {
    setFailure(null);
    call(nitridingBatchEndpoints.get, { params: { id } }).then(setBatch, (error) => setFailure(errorMessage(error)));
  }, [id]);
  useEffect(load, [load]);

  if (failure) return <ErrorCard title={t('nitriding.title')} message={failure} retryLabel={t('common:actions.retry')} onRetry={load} />;
  if (!batch) return <Spinner label={t('common:loading')} />;

  const receive = async (event: React.FormEvent) => {
    event.preventDefault();
    if (certificateNumber.trim() === '') return setReceiveError(nitridingMessages.certificateNumber);
    setReceiving(true);
    try {
      const saved = await call(nitridingBatchEndpoints.receive, { params: { id }, body: { certificate_number: certificateNumber.trim() } });
      showSnackbar({ message: t('nitriding.received', { number: saved.number }), variant: 'success' });
      setBatch(saved);
    } catch (error) {
      const fields = isApiRequestError(error) ? (error.fields ?? {}) : {};
      if (fields.certificate_number || fields.received_at || fields.status) setReceiveError(fields.certificate_number ?? fields.received_at ?? fields.status);
      else showSnackbar({ message: errorMessage(error), variant: 'error' });
    } finally {
      setReceiving(false);
    }
  };

  return (
    <section className={styles.page} aria-labelledby="batch-title">
      <RouterLink to={`${NITRIDING_PATH}/all`}>
        <ArrowLeftRegular aria-hidden /> {t('nitriding.back')}
      </RouterLink>
      <div className={styles.head}>
        <Title2 as="h1" id="batch-title">
          {t('nitriding.batchTitle', { number: batch.number })}
        </Title2>
        <Badge
          appearance="filled"
          color={batch.status === 'confirmed' ? 'success' : batch.status === 'received' ? 'informative' : 'warning'}
          data-testid="batch-status"
        >
          {t(`enums.nitridingBatchStatus.${batch.status}`)}
        </Badge>
      </div>
      <Card className={styles.card}>
        <Facts
          items={[
            [t('nitriding.supplier'), batch.supplier],
            [t('nitriding.process'), t(`enums.nitridingProcess.${i18nKey(batch.process)}`)],
            [t('nitriding.sentAt'), format.dateTime(batch.sent_at)],
            [t('nitriding.expectedAt'), format.date(batch.expected_at)],
            [t('nitriding.receivedAt'), format.dateTime(batch.received_at)],
            [t('nitriding.confirmedAt'), format.dateTime(batch.confirmed_at)],
            [t('nitriding.certificateNumber'), batch.certificate_number || '—'],
            [t('nitriding.dies'), t('nitriding.diesConfirmed', { confirmed: batch.confirmed_count, total: batch.dies_count })],
            ...(batch.notes ? [[t('nitriding.notes'), batch.notes] as const] : []),
          ]}
        />
      </Card>
      {batch.status === 'sent' ? (
        <Card className={styles.card}>
          <Title3 as="h2">{t('nitriding.receiveTitle')}</Title3>
          <Text>{t('nitriding.receiveFirst')}</Text>
          {mayReceive ? (
            <form onSubmit={receive} noValidate className={styles.row}>
              <Field label={t('nitriding.certificateNumber')} required validationMessage={receiveError}>
                <Input size="large" value={certificateNumber} maxLength={60} onChange={(_, data) => setCertificateNumber(data.value)} />
              </Field>
              <div className={styles.actions}>
                <Button appearance="primary" size="large" type="submit" disabled={receiving}>
                  {t('nitriding.receive')}
                </Button>
              </div>
            </form>
          ) : null}
        </Card>
      ) : (
        <Certificate batch={batch} onSaved={setBatch} />
      )}
      <SourceDocuments of="nitriding-batch" id={batch.id} />
      <Title3 as="h2">{t('nitriding.dies')}</Title3>
      <div className={styles.dies}>
        {batch.dies.map((die) => (
          <BatchDie key={die.die_id} batch={batch} die={die} onSaved={setBatch} />
        ))}
      </div>
    </section>
  );
}
