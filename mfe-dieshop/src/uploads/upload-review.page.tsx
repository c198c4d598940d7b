import {
  Badge,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
  Title2,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowLeftRegular, DeleteRegular, DocumentRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  DOCUMENT_TARGET_PAGES,
  DOCUMENT_TYPE_SPECS,
  DOCUMENT_TYPES,
  groupSeparatorOf,
  uploadDiscardSchema,
  uploadEndpoints,
  type DocumentType,
  type UploadDetail,
  type UploadProgress,
} from '@planta/contracts';
import { call, canOn, errorMessage, isApiRequestError } from '@planta/session';
import { AreaLanding, ErrorCard, Facts, i18nKey, showSnackbar, StoredFileLink, useCan, useFormat, useGrants } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { uploadsTexts } from '../i18n/uploads.texts';
import { PageViewer } from './page-viewer';
import { CHOICE_ENUMS, ReviewField } from './review-field';
import { uploadFilePath, useReadingUpload } from './upload.client';
import { ConfidenceBadge, ReadingProgress, UploadStatusBadge } from './upload-badges';
import {
  apiValuesOf,
  attentionOf,
  attentionOrder,
  candidatesKey,
  dateToForm,
  decimalSeparatorOf,
  emptyRow,
  formValueAt,
  formValuesOf,
  isClosed,
  isReading,
  linkPath,
  numberToForm,
  reviewFields,
  UPLOADS_LIST_PATH,
  type ReviewFieldRef,
  type ReviewFormValues,
} from './upload.model';

registerDieshopTexts(uploadsTexts);

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '1600px', boxSizing: 'border-box' },
  head: { display: 'flex', gap: '12px', alignItems: 'center', flexWrap: 'wrap' },
  title: { overflowWrap: 'anywhere', minWidth: 0 },
  card: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '16px' },
  // Side by side on a desktop; stacked (the page, then the form) on a tablet or narrower.
  panes: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: '16px',
    alignItems: 'start',
    '@media (max-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  left: {
    position: 'sticky',
    top: '8px',
    maxHeight: 'calc(100vh - 96px)',
    overflowY: 'auto',
    '@media (max-width: 1100px)': { position: 'static', maxHeight: '70vh' },
  },
  form: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '4px 8px' },
  typeRow: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  rowCard: { display: 'flex', flexDirection: 'column', gap: '4px', padding: '12px' },
  rowHead: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '8px' },
  actions: {
    display: 'flex',
    gap: '8px',
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    padding: '12px 0',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  attention: { display: 'flex', flexWrap: 'wrap', gap: '6px', alignItems: 'center' },
  scroll: { overflowX: 'auto' },
  error: { color: tokens.colorPaletteRedForeground1 },
  links: { margin: 0, paddingInlineStart: '20px', display: 'flex', flexDirection: 'column', gap: '4px' },
});

/** /apps/ia-agent/upload/:id — a document's review (domain.md D3). */
export default function UploadReviewPage() {
  const { id = '' } = useParams();
  if (!/^\d+$/.test(id)) return <AreaLanding alias="smart-upload" />;
  return <UploadReview key={id} id={Number(id)} />;
}

function UploadReview({ id }: { id: number }) {
  const { t } = useTranslation(DIESHOP_NS);
  const { detail, setDetail, progress, failure, reload } = useReadingUpload(id);
  if (!detail && failure) return <ErrorCard title={t('uploads.listTitle')} message={failure} retryLabel={t('common:actions.retry')} onRetry={reload} />;
  if (!detail) return <Spinner label={t('common:loading')} />;
  return <ReviewScreen detail={detail} progress={progress} onDetail={setDetail} />;
}

/** A value of the audit as people read it (decimal comma, dd/mm/aaaa, a choice's label: 'gas' → 'Gaseoso'). */
function auditValue(value: string | null, decimal: string, choiceLabel?: (code: string) => string): string {
  if (value === null || value === '') return '—';
  if (choiceLabel) return choiceLabel(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return dateToForm(value);
  return numberToForm(value, decimal);
}

function ReviewScreen({ detail, progress, onDetail }: { detail: UploadDetail; progress: UploadProgress | null; onDetail: (detail: UploadDetail) => void }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const grants = useGrants();
  const decimal = decimalSeparatorOf(format.language);
  const group = groupSeparatorOf(format.language);
  const initialType: DocumentType = detail.values?.doc_type ?? detail.doc_type ?? detail.proposed_type ?? 'nitriding_certificate';
  const [docType, setDocType] = useState<DocumentType>(initialType);
  const [activePath, setActivePath] = useState<string | null>(null);
  const [page, setPage] = useState(detail.pages[0]?.number ?? 1);
  const [busy, setBusy] = useState<null | 'confirm' | 'draft' | 'discard' | 'reprocess'>(null);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [discardOpen, setDiscardOpen] = useState(false);
  const [reprocessOpen, setReprocessOpen] = useState(false);
  const closed = isClosed(detail.status);
  const reading = isReading(detail.status);
  const readOnly = closed || detail.status !== 'review';

  const mayDraft = useCan(uploadEndpoints.saveDraft);
  const mayConfirmUpload = useCan(uploadEndpoints.confirm);
  const mayDiscard = useCan(uploadEndpoints.discard);
  const mayReprocess = useCan(uploadEndpoints.reprocess);
  const mayConfirm = mayConfirmUpload && canOn(grants, DOCUMENT_TARGET_PAGES[docType], 'insert');

  const { control, reset, setError, clearErrors, setFocus, getValues } = useForm<ReviewFormValues>({
    defaultValues: formValuesOf(detail, initialType, decimal),
  });
  const rowsArray = useFieldArray({ control, name: 'rows' as never });
  const values = (useWatch({ control }) ?? getValues()) as ReviewFormValues;
  const form: ReviewFormValues = { fields: values.fields ?? {}, rows: values.rows ?? [] };

  // A new reading (reprocessed) or a saved answer starts the form again from the document.
  const loaded = `${detail.id}:${detail.status}:${detail.processing_ms ?? ''}:${detail.values ? 'v' : ''}`;
  const lastLoaded = useRef(loaded);
  useEffect(() => {
    if (lastLoaded.current === loaded) return;
    lastLoaded.current = loaded;
    const type = detail.values?.doc_type ?? detail.doc_type ?? detail.proposed_type ?? docType;
    setDocType(type);
    reset(formValuesOf(detail, type, decimal));
  }, [loaded]);

  const refs = useMemo(() => reviewFields(detail, docType, form), [detail, docType, form]);
  const order = attentionOrder(refs, form, decimal);
  const labelOf = useCallback(
    (ref: ReviewFieldRef) => {
      const name = t(`uploads.fields.${ref.spec.key}`, { defaultValue: ref.spec.label });
      const [part, index] = ref.path.split('.');
      return part === 'rows' ? t('uploads.auditRow', { field: name, n: Number(index) + 1 }) : name;
    },
    [t],
  );

  const activate = useCallback(
    (path: string) => {
      setActivePath(path);
      const ref = refs.find((candidate) => candidate.path === path);
      if (ref?.extracted?.page) setPage(ref.extracted.page);
    },
    [refs],
  );
  const pick = (path: string) => {
    activate(path);
    setFocus(path as FieldPath<ReviewFormValues>);
    document
      .querySelector(`[data-testid="field-${typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(path) : path}"]`)
      ?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  };

  // The first value to look at takes the focus once the draft is shown.
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (readOnly || focused.current === loaded) return;
    focused.current = loaded;
    const first = order[0];
    if (first) {
      const timer = setTimeout(() => {
        activate(first.path);
        setFocus(first.path as FieldPath<ReviewFormValues>);
      }, 0);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [loaded, readOnly]);

  const changeType = (type: DocumentType) => {
    const current = getValues();
    const next = formValuesOf(detail, type, decimal);
    for (const key of Object.keys(next.fields)) if (current.fields?.[key]) next.fields[key] = current.fields[key];
    if (DOCUMENT_TYPE_SPECS[type].rows && current.rows?.length) {
      next.rows = current.rows.map((row) => ({ ...emptyRow(type), ...Object.fromEntries(Object.keys(emptyRow(type)).map((key) => [key, row[key] ?? ''])) }));
    }
    setDocType(type);
    reset(next);
  };

  const showServerErrors = (error: unknown) => {
    const fields = isApiRequestError(error) ? (error.fields ?? {}) : {};
    const known = new Set(refs.map((ref) => ref.path));
    let first = true;
    const rest: string[] = [];
    for (const [name, message] of Object.entries(fields)) {
      if (known.has(name)) {
        setError(name as FieldPath<ReviewFormValues>, { type: 'server', message }, { shouldFocus: first });
        if (first) activate(name);
        first = false;
      } else rest.push(message);
    }
    const text = rest.length ? rest.join('. ') : first ? errorMessage(error) : null;
    setGeneralError(text);
    if (text) showSnackbar({ message: text, variant: 'error' });
    else showSnackbar({ message: t('uploads.fixErrors'), variant: 'error' });
  };

  const submit = async (confirming: boolean) => {
    clearErrors();
    setGeneralError(null);
    const { values: body, errors } = apiValuesOf(getValues(), docType, { group, confirming });
    const paths = Object.keys(errors).filter((path) => path !== 'rows');
    if (Object.keys(errors).length) {
      paths.forEach((path, index) => setError(path as FieldPath<ReviewFormValues>, { type: 'client', message: errors[path] }, { shouldFocus: index === 0 }));
      if (paths[0]) activate(paths[0]);
      setGeneralError(errors.rows ?? null);
      showSnackbar({ message: errors.rows ?? t('uploads.fixErrors'), variant: 'error' });
      return;
    }
    setBusy(confirming ? 'confirm' : 'draft');
    try {
      const saved = await call(confirming ? uploadEndpoints.confirm : uploadEndpoints.saveDraft, { params: { id: detail.id }, body });
      showSnackbar({ message: t(confirming ? 'uploads.confirmed' : 'uploads.draftSaved'), variant: 'success' });
      onDetail(saved);
    } catch (error) {
      showServerErrors(error);
    } finally {
      setBusy(null);
    }
  };

  const reprocess = async () => {
    setBusy('reprocess');
    try {
      const answer = await call(uploadEndpoints.reprocess, { params: { id: detail.id }, body: { doc_type: docType } });
      setReprocessOpen(false);
      showSnackbar({ message: t('uploads.reprocessing'), variant: 'info' });
      onDetail(answer);
    } catch (error) {
      showSnackbar({ message: errorMessage(error), variant: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const readType = detail.doc_type ?? detail.proposed_type;
  const rowSpec = DOCUMENT_TYPE_SPECS[docType].rows;
  const headerRefs = refs.filter((ref) => ref.path.startsWith('fields.'));
  const candidatesOf = (ref: ReviewFieldRef) => {
    if (ref.spec.kind !== 'die') return [];
    const key = candidatesKey(ref.path, form);
    return key === null ? [] : (detail.candidates[key] ?? []);
  };
  const newCopyNote = docType === 'delivery_note' || docType === 'die_inventory';
  const fieldOf = (ref: ReviewFieldRef) => (
    <ReviewField
      key={ref.path}
      fieldRef={ref}
      control={control}
      readOnly={readOnly}
      active={activePath === ref.path}
      attention={attentionOf(ref, formValueAt(form, ref.path), decimal)}
      candidates={candidatesOf(ref)}
      newCopyNote={newCopyNote}
      onActivate={activate}
    />
  );

  return (
    <section className={styles.page} aria-labelledby="upload-title">
      <RouterLink to={UPLOADS_LIST_PATH}>
        <ArrowLeftRegular aria-hidden /> {t('uploads.back')}
      </RouterLink>
      <div className={styles.head}>
        <Title2 as="h1" id="upload-title" className={styles.title}>
          {t('uploads.reviewTitle', { file: detail.file_name })}
        </Title2>
        <UploadStatusBadge status={detail.status} />
        {detail.confidence !== null ? <ConfidenceBadge confidence={detail.confidence} /> : null}
        <StoredFileLink url={uploadFilePath(detail.id)}>
          <DocumentRegular aria-hidden /> {t('uploads.original')}
        </StoredFileLink>
      </div>
      <Facts
        items={[
          [t('uploads.facts.uploadedBy'), detail.uploaded_by_name],
          [t('uploads.facts.uploadedAt'), format.dateTime(detail.uploaded_at)],
          ...(detail.page_count !== null ? [[t('uploads.facts.pages'), String(detail.page_count)] as const] : []),
          ...(detail.processing_ms !== null
            ? [[t('uploads.facts.time'), t('uploads.seconds', { value: format.number(detail.processing_ms / 1000, 1) })] as const]
            : []),
          ...(detail.supplier ? [[t('uploads.facts.supplier'), detail.supplier] as const] : []),
        ]}
      />

      {reading ? (
        <Card className={styles.card}>
          <Text weight="semibold">{t('uploads.reading')}</Text>
          <ReadingProgress progress={progress ?? detail.progress} />
        </Card>
      ) : null}

      {detail.status === 'error' ? (
        <MessageBar intent="error">
          <MessageBarBody>
            <Text weight="semibold">{t('uploads.errorTitle')}</Text>
            {detail.error ? <Text> · {detail.error}</Text> : null}
          </MessageBarBody>
        </MessageBar>
      ) : null}

      {closed ? (
        <MessageBar intent={detail.status === 'confirmed' ? 'success' : 'warning'}>
          <MessageBarBody>
            {detail.confirmed_by_name
              ? t(detail.status === 'confirmed' ? 'uploads.confirmedBy' : 'uploads.discardedBy', {
                  name: detail.confirmed_by_name,
                  date: format.dateTime(detail.confirmed_at),
                })
              : t('uploads.readOnly')}
            {detail.discard_reason ? ` · ${t('uploads.discardedReason', { reason: detail.discard_reason })}` : ''}
          </MessageBarBody>
        </MessageBar>
      ) : null}

      {closed && detail.links.length > 0 ? (
        <Card className={styles.card}>
          <Title3 as="h2">{t('uploads.records')}</Title3>
          <ul className={styles.links}>
            {detail.links.map((link) => (
              <li key={`${link.entity}:${link.entity_id}`}>
                {t(`uploads.entity.${link.entity}`)} <RouterLink to={linkPath(link)}>{link.label}</RouterLink> ({t(`uploads.linkAction.${link.action}`)})
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      {!reading ? (
        <div className={styles.panes}>
          <div className={styles.left}>
            <PageViewer detail={detail} refs={refs} page={page} onPage={setPage} activePath={activePath} onPick={pick} labelOf={labelOf} />
          </div>
          <form
            className={styles.form}
            noValidate
            aria-label={t('uploads.documentType')}
            onSubmit={(event) => {
              event.preventDefault();
              if (mayConfirm && !readOnly) void submit(true);
            }}
          >
            <Card className={styles.card}>
              <div className={styles.typeRow}>
                <Field
                  label={t('uploads.documentType')}
                  hint={
                    detail.proposed_type
                      ? t('uploads.proposed', {
                          type: t(`uploads.docType.${detail.proposed_type}`),
                          percent: format.percent(detail.type_confidence),
                        })
                      : undefined
                  }
                >
                  <Select value={docType} disabled={closed || reading} onChange={(_, data) => changeType(data.value as DocumentType)}>
                    {DOCUMENT_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`uploads.docType.${type}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
                {detail.type_confidence !== null ? <ConfidenceBadge confidence={detail.type_confidence} /> : null}
                {!closed && mayReprocess && docType !== readType ? (
                  <Button onClick={() => setReprocessOpen(true)}>{t('uploads.reprocessWith', { type: t(`uploads.docType.${docType}`) })}</Button>
                ) : null}
              </div>
              {!readOnly && order.length > 0 ? (
                <div className={styles.attention} data-testid="attention">
                  <Text weight="semibold">{t('uploads.attention', { count: order.length })}:</Text>
                  {order.map((ref) => (
                    <Button key={ref.path} size="small" shape="circular" appearance="outline" onClick={() => pick(ref.path)}>
                      {labelOf(ref)} ·{' '}
                      {t(attentionOf(ref, formValueAt(form, ref.path), decimal) === 'low' ? 'uploads.attentionLow' : 'uploads.attentionRequired')}
                    </Button>
                  ))}
                </div>
              ) : null}
            </Card>

            {headerRefs.length > 0 ? (
              <Card className={styles.card}>
                <div className={styles.grid}>{headerRefs.map(fieldOf)}</div>
              </Card>
            ) : null}

            {rowSpec ? (
              <section aria-label={t(`uploads.rowsTitle.${docType}`, { defaultValue: rowSpec.label })} className={styles.form}>
                <Title3 as="h2">{t(`uploads.rowsTitle.${docType}`, { defaultValue: rowSpec.label })}</Title3>
                {rowsArray.fields.length === 0 ? <Text>{t('uploads.noRows')}</Text> : null}
                {rowsArray.fields.map((row, index) => (
                  <Card key={row.id} className={styles.rowCard} data-testid={`row-${index}`}>
                    <div className={styles.rowHead}>
                      <Text weight="semibold">{t('uploads.rowTitle', { n: index + 1 })}</Text>
                      {!readOnly && rowsArray.fields.length > rowSpec.min ? (
                        <Button
                          appearance="subtle"
                          icon={<DeleteRegular />}
                          aria-label={t('uploads.removeRow', { n: index + 1 })}
                          onClick={() => rowsArray.remove(index)}
                        />
                      ) : null}
                    </div>
                    <div className={styles.grid}>{refs.filter((ref) => ref.path.startsWith(`rows.${index}.`)).map(fieldOf)}</div>
                  </Card>
                ))}
                {!readOnly ? (
                  <div>
                    <Button icon={<AddRegular />} onClick={() => rowsArray.append(emptyRow(docType) as never)}>
                      {t('uploads.addRow')}
                    </Button>
                  </div>
                ) : null}
              </section>
            ) : null}

            {generalError ? (
              <Text role="alert" className={styles.error}>
                {generalError}
              </Text>
            ) : null}

            {!closed ? (
              <div className={styles.actions}>
                {mayReprocess ? (
                  <Button disabled={busy !== null || reading} onClick={() => setReprocessOpen(true)}>
                    {t('uploads.reprocess')}
                  </Button>
                ) : null}
                {mayDiscard ? (
                  <Button disabled={busy !== null} onClick={() => setDiscardOpen(true)}>
                    {t('uploads.discard')}
                  </Button>
                ) : null}
                {mayDraft && !readOnly ? (
                  <Button disabled={busy !== null} onClick={() => void submit(false)}>
                    {busy === 'draft' ? <Spinner size="tiny" aria-label={t('uploads.saveDraft')} /> : null} {t('uploads.saveDraft')}
                  </Button>
                ) : null}
                {mayConfirm && !readOnly ? (
                  <Button appearance="primary" type="submit" disabled={busy !== null}>
                    {busy === 'confirm' ? <Spinner size="tiny" aria-label={t('uploads.confirm')} /> : null} {t('uploads.confirm')}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </form>
        </div>
      ) : null}

      {closed && detail.audit.length > 0 ? <Audit detail={detail} decimal={decimal} /> : null}

      <DiscardDialog open={discardOpen} onClose={() => setDiscardOpen(false)} id={detail.id} onDiscarded={onDetail} />
      <Dialog open={reprocessOpen} onOpenChange={(_, data) => setReprocessOpen(data.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('uploads.reprocessTitle')}</DialogTitle>
            <DialogContent>{t('uploads.reprocessIntro', { type: t(`uploads.docType.${docType}`) })}</DialogContent>
            <DialogActions>
              <Button onClick={() => setReprocessOpen(false)}>{t('uploads.cancel')}</Button>
              <Button appearance="primary" disabled={busy !== null} onClick={() => void reprocess()}>
                {t('uploads.reprocess')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </section>
  );
}

/** 'Descartar' asks why (at least a few letters), then closes the document. */
function DiscardDialog({ open, onClose, id, onDiscarded }: { open: boolean; onClose: () => void; id: number; onDiscarded: (detail: UploadDetail) => void }) {
  const { t } = useTranslation(DIESHOP_NS);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const discard = async () => {
    const parsed = uploadDiscardSchema.safeParse({ reason: reason.trim() });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setSending(true);
    try {
      const answer = await call(uploadEndpoints.discard, { params: { id }, body: parsed.data });
      showSnackbar({ message: t('uploads.discarded'), variant: 'success' });
      onClose();
      onDiscarded(answer);
    } catch (failure) {
      setError(isApiRequestError(failure) ? (failure.fields?.reason ?? failure.message) : errorMessage(failure));
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('uploads.discardTitle')}</DialogTitle>
          <DialogContent>
            <Text block>{t('uploads.discardIntro')}</Text>
            <Field label={t('uploads.discardReason')} required validationMessage={error} validationState={error ? 'error' : 'none'}>
              <Textarea
                value={reason}
                maxLength={300}
                onChange={(_, data) => {
                  setReason(data.value);
                  setError(undefined);
                }}
              />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('uploads.cancel')}</Button>
            <Button appearance="primary" disabled={sending} onClick={() => void discard()}>
              {t('uploads.discard')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** Who confirmed which value, what was read and what was kept ('Auditoría'). */
function Audit({ detail, decimal }: { detail: UploadDetail; decimal: string }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const name = (key: string) => t(`uploads.fields.${key}`, { defaultValue: key });
  const choiceLabel = (key: string) => {
    const list = CHOICE_ENUMS[key];
    return list ? (code: string) => t(`enums.${list}.${i18nKey(code)}`, { defaultValue: code }) : undefined;
  };
  return (
    <section className={styles.form} aria-labelledby="audit-title">
      <Title3 as="h2" id="audit-title">
        {t('uploads.audit')}
      </Title3>
      <div className={styles.scroll}>
        <Table aria-label={t('uploads.audit')} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('uploads.auditColumns.field')}</TableHeaderCell>
              <TableHeaderCell>{t('uploads.auditColumns.extracted')}</TableHeaderCell>
              <TableHeaderCell>{t('uploads.auditColumns.confirmed')}</TableHeaderCell>
              <TableHeaderCell>{t('uploads.auditColumns.corrected')}</TableHeaderCell>
              <TableHeaderCell>{t('uploads.auditColumns.who')}</TableHeaderCell>
              <TableHeaderCell>{t('uploads.auditColumns.when')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {detail.audit.map((entry, index) => (
              <TableRow key={`${entry.field_key}:${entry.row_index ?? 'h'}:${index}`}>
                <TableCell>
                  {entry.row_index === null ? name(entry.field_key) : t('uploads.auditRow', { field: name(entry.field_key), n: entry.row_index + 1 })}
                </TableCell>
                <TableCell>{auditValue(entry.extracted, decimal, choiceLabel(entry.field_key))}</TableCell>
                <TableCell>{auditValue(entry.confirmed, decimal, choiceLabel(entry.field_key))}</TableCell>
                <TableCell>
                  {entry.corrected ? (
                    <Badge appearance="tint" color="warning">
                      {t('uploads.yes')}
                    </Badge>
                  ) : (
                    t('uploads.no')
                  )}
                </TableCell>
                <TableCell>{entry.user_name}</TableCell>
                <TableCell>{format.dateTime(entry.at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
