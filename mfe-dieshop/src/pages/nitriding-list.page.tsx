import {
  Badge,
  Button,
  Card,
  Checkbox,
  Field,
  Input,
  makeStyles,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title2,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  dieLabel,
  NITRIDING_BATCH_STATUSES,
  NITRIDING_PROCESSES,
  nitridingBatchEndpoints,
  nitridingMessages,
  type NitridingBatch,
  type NitridingCandidate,
  type NitridingProcess,
} from '@planta/contracts';
import { call, errorMessage, isApiRequestError } from '@planta/session';
import { DateField, ErrorCard, i18nKey, ResourceList, showSnackbar, useCan, useFormat, usePageName, type ResourceColumn } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { nitridingTexts } from '../i18n/nitriding.texts';
import { NITRIDING_PATH } from './nitriding.shared';

registerDieshopTexts(nitridingTexts);

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '8px' },
  candidates: { padding: '24px 24px 0', display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '1280px' },
  card: { display: 'flex', flexDirection: 'column', gap: '16px', padding: '16px' },
  tableWrap: { overflowX: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: '12px', alignItems: 'end' },
  footer: { display: 'flex', gap: '12px', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' },
  checkCell: { width: '56px' },
  // The state's name may take two lines in a narrow column (tablets): the badge grows with it.
  dueBadge: { height: 'auto', minHeight: '20px', whiteSpace: 'normal', textAlign: 'center' },
});

type Errors = Partial<Record<'supplier' | 'expected_at' | 'die_ids' | 'notes', string>>;

/** The dies that may go in a batch, chosen with checkboxes, and the form that sends the batch. */
function Candidates() {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const navigate = useNavigate();
  const maySend = useCan(nitridingBatchEndpoints.create);
  const pageName = usePageName('die-nitriding');
  const [candidates, setCandidates] = useState<NitridingCandidate[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [supplier, setSupplier] = useState('');
  const [process, setProcess] = useState<NitridingProcess>('gas');
  const [expectedAt, setExpectedAt] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    call(nitridingBatchEndpoints.candidates).then(
      (list) => live && setCandidates(list),
      (error) => live && setFailure(errorMessage(error)),
    );
    return () => {
      live = false;
    };
  }, [reload]);

  if (failure)
    return (
      <ErrorCard title={t('nitriding.candidatesTitle')} message={failure} retryLabel={t('common:actions.retry')} onRetry={() => setReload((n) => n + 1)} />
    );
  if (!candidates) return <Spinner label={t('common:loading')} />;

  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allChosen = candidates.length > 0 && candidates.every((die) => chosen.has(die.id));

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (supplier.trim() === '') found.supplier = nitridingMessages.supplier;
    if (chosen.size === 0) found.die_ids = nitridingMessages.dies;
    setErrors(found);
    if (Object.keys(found).length) return;
    setSending(true);
    try {
      const batch = await call(nitridingBatchEndpoints.create, {
        body: { supplier: supplier.trim(), process, expected_at: expectedAt || null, notes: notes.trim(), die_ids: [...chosen] },
      });
      showSnackbar({ message: t('nitriding.sent', { number: batch.number }), variant: 'success' });
      navigate(`${NITRIDING_PATH}/${batch.id}`);
    } catch (error) {
      const fields = isApiRequestError(error) ? (error.fields ?? {}) : {};
      const known = (['supplier', 'expected_at', 'die_ids', 'notes'] as const).filter((name) => fields[name]);
      if (known.length) setErrors(Object.fromEntries(known.map((name) => [name, fields[name]])));
      else showSnackbar({ message: errorMessage(error), variant: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className={styles.candidates} aria-labelledby="candidates-title">
      {/* The page is headed as its menu item names it; the dies to choose are its first part. */}
      <Title2 as="h1">{pageName}</Title2>
      <Title3 as="h2" id="candidates-title">
        {t('nitriding.candidatesTitle')}
      </Title3>
      <Text>{t('nitriding.candidatesIntro')}</Text>
      {candidates.length === 0 ? (
        <Card>
          <Text role="status">{t('nitriding.noCandidates')}</Text>
        </Card>
      ) : (
        <Card className={styles.card}>
          <div className={styles.tableWrap}>
            <Table aria-label={t('nitriding.candidatesTitle')} data-testid="nitriding-candidates">
              <TableHeader>
                <TableRow>
                  {maySend ? (
                    <TableHeaderCell className={styles.checkCell}>
                      <Checkbox
                        aria-label={t('nitriding.selectAll')}
                        checked={allChosen ? true : chosen.size > 0 ? 'mixed' : false}
                        onChange={(_, data) => setChosen(data.checked === true ? new Set(candidates.map((die) => die.id)) : new Set())}
                      />
                    </TableHeaderCell>
                  ) : null}
                  <TableHeaderCell>{t('nitriding.die')}</TableHeaderCell>
                  <TableHeaderCell>{t('nitriding.state')}</TableHeaderCell>
                  <TableHeaderCell>{t('nitriding.due')}</TableHeaderCell>
                  <TableHeaderCell>{t('nitriding.sinceNitriding')}</TableHeaderCell>
                  <TableHeaderCell>{t('nitriding.count')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {candidates.map((die) => (
                  <TableRow key={die.id} data-testid={`candidate-${die.id}`}>
                    {maySend ? (
                      <TableCell className={styles.checkCell}>
                        <Checkbox
                          aria-label={t('nitriding.select', { die: dieLabel(die) })}
                          checked={chosen.has(die.id)}
                          onChange={(_, data) => toggle(die.id, data.checked === true)}
                        />
                      </TableCell>
                    ) : null}
                    <TableCell>
                      <RouterLink to={`/apps/dies/dieResume/${die.id}`}>{dieLabel(die)}</RouterLink>
                      {die.profile_code ? <Text size={200}> · {die.profile_code}</Text> : null}
                    </TableCell>
                    <TableCell>
                      {t(`enums.dieState.${i18nKey(die.state)}`)}
                      <br />
                      <Text size={200}>{t(`nitriding.origin.${die.origin}`)}</Text>
                    </TableCell>
                    <TableCell>
                      {die.nitriding.due === 'ok' ? (
                        format.percent(die.nitriding.percent === null ? null : die.nitriding.percent / 100)
                      ) : (
                        <>
                          <Badge className={styles.dueBadge} color={die.nitriding.due === 'overdue' ? 'danger' : 'warning'} appearance="filled">
                            {t(`enums.nitridingDue.${die.nitriding.due}`)}
                          </Badge>
                          <br />
                          {format.percent((die.nitriding.percent ?? 0) / 100)}
                        </>
                      )}
                    </TableCell>
                    <TableCell>
                      {t('nitriding.sinceValue', { billets: format.number(die.billets_since_nitriding, 0), kg: format.number(die.kg_since_nitriding, 0) })}
                    </TableCell>
                    <TableCell>{format.number(die.nitriding_count, 0)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {maySend ? (
            <form onSubmit={send} noValidate aria-labelledby="new-batch-title" className={styles.card}>
              <Title3 as="h2" id="new-batch-title">
                {t('nitriding.newBatch')}
              </Title3>
              <div className={styles.form}>
                <Field label={t('nitriding.supplier')} required validationMessage={errors.supplier}>
                  <Input size="large" value={supplier} maxLength={120} onChange={(_, data) => setSupplier(data.value)} />
                </Field>
                <Field label={t('nitriding.process')}>
                  <Select size="large" value={process} onChange={(_, data) => setProcess(data.value as NitridingProcess)}>
                    {NITRIDING_PROCESSES.map((value) => (
                      <option key={value} value={value}>
                        {t(`enums.nitridingProcess.${i18nKey(value)}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
                <DateField
                  label={t('nitriding.expectedAt')}
                  validationMessage={errors.expected_at}
                  size="large"
                  value={expectedAt}
                  onValue={(day) => setExpectedAt(day ?? '')}
                />
                <Field label={t('nitriding.notes')} validationMessage={errors.notes}>
                  <Input size="large" value={notes} maxLength={500} onChange={(_, data) => setNotes(data.value)} />
                </Field>
              </div>
              <div className={styles.footer}>
                <Field validationMessage={errors.die_ids} validationState={errors.die_ids ? 'error' : 'none'}>
                  <Text role="status">{t('nitriding.selected', { count: chosen.size })}</Text>
                </Field>
                <Button appearance="primary" size="large" type="submit" disabled={sending}>
                  {t('nitriding.send')}
                </Button>
              </div>
            </form>
          ) : null}
        </Card>
      )}
    </section>
  );
}

/** /apps/die-nitruring-confirm/all: the dies to nitride (and the new batch), then the batches. */
export default function NitridingListPage() {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const columns: ResourceColumn<NitridingBatch>[] = [
    { key: 'number', label: t('nitriding.number'), sortable: true },
    { key: 'supplier', label: t('nitriding.supplier'), sortable: true },
    { key: 'process', label: t('nitriding.process'), render: (row) => t(`enums.nitridingProcess.${i18nKey(row.process)}`) },
    {
      key: 'status',
      label: t('nitriding.status'),
      sortable: true,
      render: (row) => t(`enums.nitridingBatchStatus.${row.status}`),
      exportValue: (row) => t(`enums.nitridingBatchStatus.${row.status}`),
    },
    { key: 'sent_at', label: t('nitriding.sentAt'), sortable: true, render: (row) => format.date(row.sent_at) },
    { key: 'expected_at', label: t('nitriding.expectedAt'), render: (row) => format.date(row.expected_at) },
    { key: 'received_at', label: t('nitriding.receivedAt'), sortable: true, render: (row) => format.date(row.received_at) },
    {
      key: 'dies_count',
      label: t('nitriding.dies'),
      render: (row) => t('nitriding.diesConfirmed', { confirmed: row.confirmed_count, total: row.dies_count }),
    },
  ];
  return (
    <div className={styles.page}>
      <Candidates />
      <ResourceList<NitridingBatch>
        list={nitridingBatchEndpoints.all}
        basePath={NITRIDING_PATH}
        title={t('nitriding.batchesTitle')}
        columns={columns}
        emptyText={t('nitriding.noBatches')}
        exportName="lotes-nitrurado"
        defaultSort={{ key: 'sent_at', direction: 'desc' }}
        filters={[
          {
            key: 'status',
            label: t('nitriding.status'),
            type: 'choice',
            options: NITRIDING_BATCH_STATUSES.map((value) => ({ value, label: t(`enums.nitridingBatchStatus.${value}`) })),
          },
        ]}
      />
    </div>
  );
}
