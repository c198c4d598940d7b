import {
  Badge,
  Button,
  Card,
  Field,
  Input,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
  Title2,
  ToggleButton,
  tokens,
} from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  CLEANING_METHODS,
  dieCleaningEndpoints,
  dieEndpoints,
  INSPECTION_RESULTS,
  type CleaningMethod,
  type DieCleaning,
  type DieCleaningDetail,
  type DieInCleaning,
  type InspectionResult,
} from '@planta/contracts';
import { call, errorMessage, isApiRequestError, userAtom } from '@planta/session';
import {
  AreaLanding,
  DateTimeField,
  ErrorCard,
  Facts,
  i18nKey,
  LoadingScreen,
  PhotoGallery,
  PhotoPicker,
  ResourceList,
  showSnackbar,
  useCan,
  useFormat,
  usePageName,
  usePhotoPicker,
  type ListFilter,
  type ResourceColumn,
} from '@planta/ui';
import { registerDieshopTexts } from '../i18n';
import { dieCleaningTexts } from '../i18n/die-cleaning.texts';
import { CLEANING_PATH } from './aftercare.paths';

registerDieshopTexts(dieCleaningTexts);

const dieLabel = (die: Pick<DieInCleaning, 'die_reference' | 'copy_number'>) => `${die.die_reference}-${die.copy_number}`;

/** `yyyy-MM-ddTHH:mm` in local time, as the day-and-time field holds it. */
const localInput = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : undefined);

/** The cleaning's time as people read it ('1 h 35 min'): the portal's one duration format. */
function useDuration() {
  const format = useFormat();
  return format.duration;
}

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '1120px' },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '12px' },
  card: { padding: '20px', display: 'flex', flexDirection: 'column', gap: '16px' },
  grid: { display: 'grid', gap: '16px', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' },
  toggles: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: '12px' },
  bigToggle: { minHeight: '56px', fontSize: tokens.fontSizeBase400 },
  buttons: { display: 'flex', gap: '12px', justifyContent: 'flex-end', flexWrap: 'wrap' },
  tableWrap: { overflowX: 'auto' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Starting a die's cleaning: method (with its safety note), bath, operator, time in. */
function StartCleaning({ detail, onDone }: { detail: DieCleaningDetail; onDone: () => void }) {
  const { t } = useTranslation(['dieshop', 'common']);
  const styles = useStyles();
  const me = useAtomValue(userAtom).data.id;
  const [method, setMethod] = useState<CleaningMethod>('caustic');
  const [bath, setBath] = useState('');
  const [operatorId, setOperatorId] = useState<string>(detail.operators.some((operator) => operator.id === Number(me)) ? String(me) : '');
  const [inAt, setInAt] = useState(() => localInput(new Date()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      await call(dieCleaningEndpoints.start, {
        body: { die_id: detail.die_id, method, bath: bath.trim(), operator_id: operatorId ? Number(operatorId) : null, in_at: fromLocalInput(inAt) },
      });
      showSnackbar({ message: t('dieshop:dieCleaning.started'), variant: 'success' });
      onDone();
    } catch (error) {
      const fields = isApiRequestError(error) ? (error.fields ?? {}) : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0 || fields.die_id) showSnackbar({ message: errorMessage(error), variant: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Card className={styles.card}>
      <Subtitle2 as="h2">{t('dieshop:dieCleaning.start')}</Subtitle2>
      <form onSubmit={submit} noValidate className={styles.card} style={{ padding: 0 }}>
        <Field label={t('dieshop:dieCleaning.method')} required validationMessage={errors.method}>
          <div className={styles.toggles} role="group" aria-label={t('dieshop:dieCleaning.method')}>
            {CLEANING_METHODS.map((value) => (
              <ToggleButton
                key={value}
                className={styles.bigToggle}
                checked={method === value}
                appearance={method === value ? 'primary' : 'secondary'}
                onClick={() => setMethod(value)}
              >
                {t(`dieshop:enums.cleaningMethod.${i18nKey(value)}`)}
              </ToggleButton>
            ))}
          </div>
        </Field>
        {method === 'caustic' ? (
          <MessageBar intent="warning" role="note">
            <MessageBarBody>{t('dieshop:dieCleaning.safety.caustic')}</MessageBarBody>
          </MessageBar>
        ) : null}
        <div className={styles.grid}>
          <Field label={t('dieshop:dieCleaning.bath')} validationMessage={errors.bath}>
            <Input size="large" value={bath} maxLength={60} onChange={(_, data) => setBath(data.value)} />
          </Field>
          <Field label={t('dieshop:dieCleaning.operator')} validationMessage={errors.operator_id}>
            <Select size="large" value={operatorId} onChange={(_, data) => setOperatorId(data.value)}>
              <option value="">—</option>
              {detail.operators.map((operator) => (
                <option key={operator.id} value={String(operator.id)}>
                  {operator.name}
                </option>
              ))}
            </Select>
          </Field>
          <DateTimeField label={t('dieshop:dieCleaning.inAt')} validationMessage={errors.in_at} size="large" value={inAt} onValue={setInAt} />
        </div>
        <div className={styles.buttons}>
          <Button size="large" type="submit" appearance="primary" disabled={sending} icon={sending ? <Spinner size="tiny" /> : undefined}>
            {t('dieshop:dieCleaning.start')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The open cleaning, and its end: time out, inspection result (the press's suggestion first), notes, photos. */
function FinishCleaning({ detail, cleaning, onDone }: { detail: DieCleaningDetail; cleaning: DieCleaning; onDone: () => void }) {
  const { t } = useTranslation(['dieshop', 'common']);
  const styles = useStyles();
  const format = useFormat();
  const duration = useDuration();
  const mayFinish = useCan(dieCleaningEndpoints.finish);
  // Scrapping is the leads' (delete on dies), from here as from the inventory.
  const mayScrap = useCan(dieEndpoints.scrap);
  const [outAt, setOutAt] = useState(() => localInput(new Date()));
  const [result, setResult] = useState<InspectionResult | ''>(detail.suggested_result ?? '');
  const [notes, setNotes] = useState('');
  const [scrapReason, setScrapReason] = useState('');
  const picker = usePhotoPicker();
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = new FormData();
    if (result) body.append('inspection_result', result);
    body.append('out_at', fromLocalInput(outAt) ?? '');
    body.append('notes', notes.trim());
    if (result === 'scrap') body.append('scrap_reason', scrapReason.trim());
    picker.appendTo(body);
    setSending(true);
    try {
      await call(dieCleaningEndpoints.finish, { params: { id: cleaning.id }, body: body as never });
      onDone();
    } catch (error) {
      const fields = isApiRequestError(error) ? (error.fields ?? {}) : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) showSnackbar({ message: errorMessage(error), variant: 'error' });
    } finally {
      setSending(false);
    }
  };

  const results = INSPECTION_RESULTS.filter((value) => value !== 'scrap' || mayScrap);
  return (
    <Card className={styles.card}>
      <Subtitle2 as="h2">{t('dieshop:dieCleaning.current')}</Subtitle2>
      <Facts
        items={[
          [t('dieshop:dieCleaning.method'), t(`dieshop:enums.cleaningMethod.${i18nKey(cleaning.method)}`)],
          [t('dieshop:dieCleaning.bath'), cleaning.bath || '—'],
          [t('dieshop:dieCleaning.operator'), cleaning.operator_name ?? '—'],
          [t('dieshop:dieCleaning.inAt'), format.dateTime(cleaning.in_at)],
          [t('dieshop:dieCleaning.time'), duration(cleaning.minutes)],
        ]}
      />
      {cleaning.method === 'caustic' ? (
        <MessageBar intent="warning" role="note">
          <MessageBarBody>{t('dieshop:dieCleaning.safety.caustic')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {mayFinish ? (
        <form onSubmit={submit} noValidate className={styles.card} style={{ padding: 0 }}>
          <Subtitle2 as="h3">{t('dieshop:dieCleaning.finish')}</Subtitle2>
          <Field label={t('dieshop:dieCleaning.inspection')} required validationMessage={errors.inspection_result}>
            <div className={styles.toggles} role="group" aria-label={t('dieshop:dieCleaning.inspection')}>
              {results.map((value) => (
                <ToggleButton
                  key={value}
                  className={styles.bigToggle}
                  checked={result === value}
                  appearance={result === value ? 'primary' : 'secondary'}
                  onClick={() => setResult(value)}
                >
                  {t(`dieshop:enums.inspectionResult.${i18nKey(value)}`)}
                </ToggleButton>
              ))}
            </div>
          </Field>
          {result === 'scrap' ? (
            <Field label={t('dieshop:dieCleaning.scrapReason')} required validationMessage={errors.scrap_reason}>
              <Input size="large" value={scrapReason} maxLength={300} onChange={(_, data) => setScrapReason(data.value)} />
            </Field>
          ) : null}
          <div className={styles.grid}>
            <DateTimeField label={t('dieshop:dieCleaning.outAt')} validationMessage={errors.out_at} size="large" value={outAt} onValue={setOutAt} />
          </div>
          <Field label={t('dieshop:dieCleaning.notes')} validationMessage={errors.notes}>
            <Textarea size="large" rows={3} maxLength={500} value={notes} onChange={(_, data) => setNotes(data.value)} />
          </Field>
          <PhotoPicker picker={picker} error={errors.photos} testId="cleaning-photos" />
          <div className={styles.buttons}>
            <Button size="large" type="submit" appearance="primary" disabled={sending} icon={sending ? <Spinner size="tiny" /> : undefined}>
              {t('dieshop:dieCleaning.finishButton')}
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}

/** One die's cleaning (`/apps/die-cleaning/<die id>`): where it stands, its cleaning now, and its cleanings so far. */
function DieCleaningScreen({ dieId }: { dieId: number }) {
  const { t } = useTranslation(['dieshop', 'common']);
  const styles = useStyles();
  const format = useFormat();
  const duration = useDuration();
  const navigate = useNavigate();
  const mayStart = useCan(dieCleaningEndpoints.start);
  const [detail, setDetail] = useState<DieCleaningDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    call(dieCleaningEndpoints.die, { params: { id: dieId } }, { signal: controller.signal }).then(
      (loaded) => {
        setDetail(loaded);
        setLoadError(null);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadError(errorMessage(error));
      },
    );
    return () => controller.abort();
  }, [dieId, attempt]);
  const reload = () => setAttempt((current) => current + 1);

  if (loadError)
    return (
      <ErrorCard
        title={t('dieshop:load.failed')}
        message={loadError}
        retryLabel={t('dieshop:load.retry')}
        onRetry={reload}
        back={{ label: t('dieshop:dieCleaning.listTitle'), onClick: () => navigate(`${CLEANING_PATH}/all`) }}
      />
    );
  if (!detail) return <LoadingScreen />;
  const state = (value: string) => t(`dieshop:enums.dieState.${i18nKey(value)}`);
  const finished = async () => {
    const loaded = await call(dieCleaningEndpoints.die, { params: { id: dieId } });
    setDetail(loaded);
    showSnackbar({ message: t('dieshop:dieCleaning.done', { state: state(loaded.die_state) }), variant: 'success' });
  };

  return (
    <section className={styles.page} aria-labelledby="cleaning-title">
      <div className={styles.header}>
        <Title2 as="h1" id="cleaning-title">
          {t('dieshop:dieCleaning.title', { die: dieLabel(detail) })}
        </Title2>
        <Link href={`/apps/dies/dieResume/${detail.die_id}`} onClick={(event) => (event.preventDefault(), navigate(`/apps/dies/dieResume/${detail.die_id}`))}>
          {t('dieshop:dieCleaning.summary')}
        </Link>
      </div>
      <Card className={styles.card}>
        <Facts
          items={[
            [
              t('dieshop:dieCleaning.state'),
              <Badge key="state" appearance="tint" size="large">
                {state(detail.die_state)}
              </Badge>,
            ],
            [t('dieshop:dieCleaning.location'), detail.location || '—'],
            [t('dieshop:dieCleaning.condition'), detail.condition ? t(`dieshop:enums.runCondition.${i18nKey(detail.condition)}`) : '—'],
          ]}
        />
        {detail.die_state === 'cleaning' && detail.suggested_result && detail.suggested_result !== 'ok' ? (
          <MessageBar intent="warning">
            <MessageBarBody>
              {t('dieshop:dieCleaning.suggested', { result: t(`dieshop:enums.inspectionResult.${i18nKey(detail.suggested_result)}`) })}
            </MessageBarBody>
          </MessageBar>
        ) : null}
        {detail.die_state !== 'cleaning' ? <Text className={styles.muted}>{t('dieshop:dieCleaning.notInCleaning')}</Text> : null}
      </Card>
      {detail.die_state === 'cleaning' && !detail.cleaning && mayStart ? (
        <StartCleaning key={`start-${detail.die_id}`} detail={detail} onDone={reload} />
      ) : null}
      {detail.cleaning ? <FinishCleaning key={detail.cleaning.id} detail={detail} cleaning={detail.cleaning} onDone={() => void finished()} /> : null}
      <Card className={styles.card}>
        <Subtitle2 as="h2">{t('dieshop:dieCleaning.history')}</Subtitle2>
        {detail.history.length === 0 ? (
          <Text className={styles.muted}>{t('dieshop:dieCleaning.noHistory')}</Text>
        ) : (
          <div className={styles.tableWrap}>
            <Table size="small" aria-label={t('dieshop:dieCleaning.history')}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('dieshop:dieCleaning.inAt')}</TableHeaderCell>
                  <TableHeaderCell>{t('dieshop:dieCleaning.outAt')}</TableHeaderCell>
                  <TableHeaderCell>{t('dieshop:dieCleaning.method')}</TableHeaderCell>
                  <TableHeaderCell>{t('dieshop:dieCleaning.time')}</TableHeaderCell>
                  <TableHeaderCell>{t('dieshop:dieCleaning.operator')}</TableHeaderCell>
                  <TableHeaderCell>{t('dieshop:dieCleaning.result')}</TableHeaderCell>
                  <TableHeaderCell>{t('dieshop:dieCleaning.notes')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {detail.history.map((cleaning) => (
                  <TableRow key={cleaning.id}>
                    <TableCell>{format.dateTime(cleaning.in_at)}</TableCell>
                    <TableCell>{format.dateTime(cleaning.out_at)}</TableCell>
                    <TableCell>
                      {t(`dieshop:enums.cleaningMethod.${i18nKey(cleaning.method)}`)}
                      {cleaning.bath ? ` · ${cleaning.bath}` : ''}
                    </TableCell>
                    <TableCell>{duration(cleaning.minutes)}</TableCell>
                    <TableCell>{cleaning.operator_name ?? '—'}</TableCell>
                    <TableCell>{cleaning.inspection_result ? t(`dieshop:enums.inspectionResult.${i18nKey(cleaning.inspection_result)}`) : '—'}</TableCell>
                    <TableCell>
                      {cleaning.notes || '—'}
                      {cleaning.photos.length ? (
                        <PhotoGallery
                          size={56}
                          photos={cleaning.photos.map((photo, index) => ({
                            key: photo.id,
                            url: photo.url,
                            name: `${t('common:photos.numbered', { n: index + 1 })} · ${format.dateTime(cleaning.in_at)}`,
                          }))}
                        />
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </Card>
    </section>
  );
}

/** The dies in cleaning, longest waiting first, with their cleaning; or the finished cleanings. */
function DieCleaningList() {
  const { t } = useTranslation(['dieshop', 'common']);
  // Headed as its menu item names it (one key for both).
  const pageName = usePageName('die-cleaning');
  const format = useFormat();
  const duration = useDuration();
  const navigate = useNavigate();
  const columns = useMemo<ResourceColumn<DieInCleaning>[]>(
    () => [
      { key: 'die', label: t('dieshop:dieCleaning.die'), width: 14, render: dieLabel, exportValue: dieLabel },
      {
        key: 'state_since',
        label: t('dieshop:dieCleaning.since'),
        render: (row) => format.dateTime(row.state_since),
        exportValue: (row) => new Date(row.state_since),
      },
      {
        key: 'condition',
        label: t('dieshop:dieCleaning.condition'),
        render: (row) =>
          row.condition ? (
            <Badge appearance="tint" color={row.condition === 'ok' ? 'success' : 'warning'}>
              {t(`dieshop:enums.runCondition.${i18nKey(row.condition)}`)}
            </Badge>
          ) : (
            '—'
          ),
        exportValue: (row) => (row.condition ? t(`dieshop:enums.runCondition.${i18nKey(row.condition)}`) : ''),
      },
      {
        key: 'cleaning',
        label: t('dieshop:dieCleaning.cleaning'),
        width: 22,
        render: (row) =>
          row.cleaning
            ? `${t(`dieshop:enums.cleaningMethod.${i18nKey(row.cleaning.method)}`)}${row.cleaning.bath ? ` · ${row.cleaning.bath}` : ''}`
            : t('dieshop:dieCleaning.waiting'),
      },
      { key: 'time', label: t('dieshop:dieCleaning.time'), render: (row) => (row.cleaning ? duration(row.cleaning.minutes) : '—') },
      { key: 'operator', label: t('dieshop:dieCleaning.operator'), width: 20, render: (row) => row.cleaning?.operator_name ?? '—' },
      {
        key: 'result',
        label: t('dieshop:dieCleaning.result'),
        render: (row) => (row.cleaning?.inspection_result ? t(`dieshop:enums.inspectionResult.${i18nKey(row.cleaning.inspection_result)}`) : '—'),
      },
    ],
    [t, format, duration],
  );
  const filters = useMemo<ListFilter[]>(
    () => [
      {
        key: 'status',
        label: t('dieshop:dieCleaning.status'),
        type: 'choice',
        options: [
          { value: 'open', label: t('dieshop:dieCleaning.open') },
          { value: 'finished', label: t('dieshop:dieCleaning.finished') },
        ],
      },
    ],
    [t],
  );
  return (
    <ResourceList<DieInCleaning>
      list={dieCleaningEndpoints.all}
      basePath={CLEANING_PATH}
      title={pageName}
      emptyText={t('dieshop:dieCleaning.empty')}
      exportName="limpieza-de-matrices"
      columns={columns}
      filters={filters}
      defaultPageSize={25}
      onOpen={(row) => navigate(`${CLEANING_PATH}/${row.die_id}`)}
    />
  );
}

/** `/apps/die-cleaning/:id` — `all` the list, a die's id its cleaning. */
export default function DieCleaningPage() {
  const { id = '' } = useParams();
  if (id === 'all') return <DieCleaningList />;
  if (/^\d{1,9}$/.test(id)) return <DieCleaningScreen key={id} dieId={Number(id)} />;
  return <AreaLanding alias="die-cleaning" />;
}
