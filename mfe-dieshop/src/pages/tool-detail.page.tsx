import {
  Badge,
  Button,
  Card,
  Checkbox,
  Field,
  Input,
  Link,
  makeStyles,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title2,
} from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DUMMY_BLOCK_OD_MEASURE, TOOL_KINDS, TOOL_STATES, toolEndpoints, type ToolDetail, type ToolKind, type ToolState } from '@planta/contracts';
import { call, errorMessage, isApiRequestError } from '@planta/session';
import {
  applyServerFieldErrors,
  ErrorCard,
  FormCheckboxGroup,
  FormSection,
  FormSelect,
  FormTextField,
  i18nKey,
  LoadingScreen,
  showSnackbar,
  useCan,
  useFormat,
  useReferenceOptions,
} from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { toolingTexts } from '../i18n/tooling.texts';
import { enlistmentPath } from './die-enlistment.shared';
import { TOOL_STATE_COLORS, TOOLING_PATH } from './tooling.shared';

registerDieshopTexts(toolingTexts);

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '1120px' },
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  card: { padding: '20px', display: 'flex', flexDirection: 'column', gap: '12px' },
  buttons: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
  row: { display: 'flex', gap: '8px', alignItems: 'end', flexWrap: 'wrap' },
  grow: { flexGrow: 1, flexBasis: '140px', minWidth: 0, '& .fui-Select, & .fui-Input': { width: '100%', minWidth: 0 } },
  tableWrap: { overflowX: 'auto' },
  list: { margin: 0, paddingInlineStart: '20px' },
});

interface ToolValues {
  code: string;
  kind: ToolKind | '';
  description: string;
  state: ToolState;
  compatible_line_ids: number[];
  diameter_mm: string;
  length_mm: string;
  nominal_od_mm: string;
  location: string;
}
const FIELDS = ['code', 'kind', 'description', 'state', 'compatible_line_ids', 'diameter_mm', 'length_mm', 'nominal_od_mm', 'location'] as const;
const millimetres = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));
const valuesOf = (tool: ToolDetail | null): ToolValues => ({
  code: tool?.code ?? '',
  kind: tool?.kind ?? '',
  description: tool?.description ?? '',
  state: tool?.state ?? 'available',
  compatible_line_ids: tool?.compatible_line_ids ?? [],
  diameter_mm: tool?.diameter_mm?.toString() ?? '',
  length_mm: tool?.length_mm?.toString() ?? '',
  nominal_od_mm: tool?.nominal_od_mm?.toString() ?? '',
  location: tool?.location ?? '',
});

/** /apps/herramental/new and /:id: the tool's data, its measured checks (history) and the preparations that held it. */
export default function ToolDetailPage({ id }: { id: number | null }) {
  const styles = useStyles();
  const { t } = useTranslation([DIESHOP_NS, 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const lines = useReferenceOptions('extrusionLine');
  const mayCreate = useCan(toolEndpoints.create);
  const mayUpdate = useCan(toolEndpoints.update);
  const mayCheck = useCan(toolEndpoints.addCheck);
  const [tool, setTool] = useState<ToolDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, watch, formState } = useForm<ToolValues>({ mode: 'onTouched', defaultValues: valuesOf(null) });

  const load = useCallback(() => {
    if (id === null) return;
    setLoadError(null);
    call(toolEndpoints.get, { params: { id } }).then(
      (loaded) => {
        setTool(loaded);
        reset(valuesOf(loaded));
      },
      (error: unknown) => setLoadError(errorMessage(error)),
    );
  }, [id, reset]);
  useEffect(load, [load]);

  const save = handleSubmit(async (values) => {
    const body = {
      ...values,
      kind: values.kind as ToolKind,
      diameter_mm: millimetres(values.diameter_mm),
      length_mm: millimetres(values.length_mm),
      nominal_od_mm: millimetres(values.nominal_od_mm),
    };
    try {
      const saved = id === null ? await call(toolEndpoints.create, { body }) : await call(toolEndpoints.update, { params: { id }, body });
      showSnackbar({ message: t('tooling.saved'), variant: 'success', autoHideMs: 2000 });
      if (id === null) {
        navigate(`${TOOLING_PATH}/${saved.id}`, { replace: true });
      } else {
        setTool(saved);
        reset(valuesOf(saved));
      }
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELDS).length) showSnackbar({ message: errorMessage(error), variant: 'error' });
    }
  });

  if (loadError)
    return (
      <ErrorCard
        title={t('tooling.title')}
        message={loadError}
        retryLabel={t('common:actions.retry')}
        onRetry={load}
        back={{ label: t('tooling.back'), onClick: () => navigate(`${TOOLING_PATH}/all`) }}
      />
    );
  if (id !== null && !tool) return <LoadingScreen />;
  const canSave = id === null ? mayCreate : mayUpdate;
  const kind = watch('kind');

  return (
    <section className={styles.page} aria-labelledby="tool-title">
      <div className={styles.head}>
        <Title2 as="h1" id="tool-title">
          {tool ? tool.code : t('tooling.newTitle')}
        </Title2>
        {tool ? (
          <Badge size="large" appearance="filled" color={TOOL_STATE_COLORS[tool.state]} data-testid="tool-state">
            {t(`enums.toolState.${i18nKey(tool.state)}`)}
          </Badge>
        ) : null}
        {tool?.held_by ? (
          <Link href={enlistmentPath(tool.held_by.id)} onClick={(event) => (event.preventDefault(), navigate(enlistmentPath(tool.held_by!.id)))}>
            {`${t('tooling.heldBy')} ${tool.held_by.number}`}
          </Link>
        ) : null}
      </div>
      <Card className={styles.card}>
        <form onSubmit={save} noValidate>
          <FormSection>
            <FormTextField control={control} name="code" required label={t('tooling.code')} disabled={!canSave} />
            <FormSelect
              control={control}
              name="kind"
              required
              label={t('tooling.kind')}
              disabled={!canSave}
              options={TOOL_KINDS.map((value) => ({ value, label: t(`enums.toolKind.${i18nKey(value)}`) }))}
            />
            <FormSelect
              control={control}
              name="state"
              required
              label={t('tooling.state')}
              disabled={!canSave || tool?.state === 'in_use'}
              options={TOOL_STATES.filter((value) => value !== 'in_use' || tool?.state === 'in_use').map((value) => ({
                value,
                label: t(`enums.toolState.${i18nKey(value)}`),
              }))}
            />
            <FormTextField control={control} name="description" label={t('tooling.description')} disabled={!canSave} />
            <FormTextField control={control} name="diameter_mm" label={t('tooling.diameter')} disabled={!canSave} />
            <FormTextField control={control} name="length_mm" label={t('tooling.length')} disabled={!canSave} />
            <FormTextField
              control={control}
              name="nominal_od_mm"
              label={t('tooling.nominalOd')}
              hint={kind === 'dummy_block' ? t('tooling.nominalOdHint') : undefined}
              disabled={!canSave}
            />
            <FormTextField control={control} name="location" label={t('tooling.location')} disabled={!canSave} />
            <FormCheckboxGroup control={control} name="compatible_line_ids" label={t('tooling.lines')} options={lines} />
          </FormSection>
          <div className={styles.buttons}>
            <Button onClick={() => navigate(`${TOOLING_PATH}/all`)}>{t('tooling.back')}</Button>
            {canSave ? (
              <Button appearance="primary" type="submit" disabled={formState.isSubmitting}>
                {t('tooling.save')}
              </Button>
            ) : null}
          </div>
        </form>
      </Card>
      {tool ? <Checks tool={tool} mayCheck={mayCheck} onSaved={setTool} /> : null}
      {tool ? (
        <Card className={styles.card}>
          <Text weight="semibold" as="h2">
            {t('tooling.preparations')}
          </Text>
          {tool.preparations.length === 0 ? <Text>{t('tooling.noPreparations')}</Text> : null}
          <ul className={styles.list}>
            {tool.preparations.map((prep) => (
              <li key={`${prep.id}-${prep.reserved_at}`}>
                <Link href={enlistmentPath(prep.id)} onClick={(event) => (event.preventDefault(), navigate(enlistmentPath(prep.id)))}>
                  {prep.number}
                </Link>
                {` · ${t(`enums.enlistmentStatus.${i18nKey(prep.status)}`)} · ${t('tooling.reservedAt', { at: format.dateTime(prep.reserved_at) })}`}
                {prep.released_at ? ` · ${t('tooling.releasedAt', { at: format.dateTime(prep.released_at) })}` : ''}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </section>
  );
}

/** The measured checks, newest first, and 'Registrar medición' (a dummy block's outer diameter by default). */
function Checks({ tool, mayCheck, onSaved }: { tool: ToolDetail; mayCheck: boolean; onSaved: (tool: ToolDetail) => void }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const dummy = tool.kind === 'dummy_block';
  const [check, setCheck] = useState({ measure: dummy ? DUMMY_BLOCK_OD_MEASURE : '', value: '', limit: '', ok: true, note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const measureLabel = (measure: string) => (measure === DUMMY_BLOCK_OD_MEASURE ? t('tooling.outerDiameter') : measure);
  const record = async () => {
    const value = millimetres(check.value);
    const limit = millimetres(check.limit);
    try {
      const saved = await call(toolEndpoints.addCheck, {
        params: { id: tool.id },
        body: {
          measure: check.measure,
          value: value as number,
          limit_value: check.measure === DUMMY_BLOCK_OD_MEASURE ? null : limit,
          ...(limit === null ? { ok: check.ok } : {}),
          note: check.note,
        },
      });
      setErrors({});
      setCheck({ ...check, value: '', note: '' });
      showSnackbar({ message: t('tooling.checkSaved'), variant: 'success', autoHideMs: 2000 });
      onSaved(saved);
    } catch (error) {
      const fields = isApiRequestError(error) ? (error.fields ?? {}) : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) showSnackbar({ message: errorMessage(error), variant: 'error' });
    }
  };
  return (
    <Card className={styles.card}>
      <Text weight="semibold" as="h2">
        {t('tooling.checks')}
      </Text>
      {dummy ? <Text>{t('tooling.dummyBlockRule', { limit: format.number(tool.growth_limit_mm, 1) })}</Text> : null}
      {mayCheck ? (
        <div className={styles.row}>
          <Field
            className={styles.grow}
            label={t('tooling.measure')}
            required
            validationMessage={errors.measure}
            validationState={errors.measure ? 'error' : 'none'}
          >
            {dummy ? (
              <Select
                value={check.measure === DUMMY_BLOCK_OD_MEASURE ? DUMMY_BLOCK_OD_MEASURE : ''}
                onChange={(_, data) => setCheck({ ...check, measure: data.value })}
              >
                <option value={DUMMY_BLOCK_OD_MEASURE}>{t('tooling.outerDiameter')}</option>
                <option value="">—</option>
              </Select>
            ) : (
              <Input value={check.measure} onChange={(_, data) => setCheck({ ...check, measure: data.value })} />
            )}
          </Field>
          {dummy && check.measure !== DUMMY_BLOCK_OD_MEASURE ? (
            <Field className={styles.grow} label={t('tooling.measure')}>
              <Input value={check.measure} onChange={(_, data) => setCheck({ ...check, measure: data.value })} />
            </Field>
          ) : null}
          <Field className={styles.grow} label={t('tooling.value')} required validationMessage={errors.value} validationState={errors.value ? 'error' : 'none'}>
            <Input inputMode="decimal" value={check.value} onChange={(_, data) => setCheck({ ...check, value: data.value })} />
          </Field>
          {check.measure !== DUMMY_BLOCK_OD_MEASURE ? (
            <Field className={styles.grow} label={t('tooling.limit')} hint={t('tooling.limitHint')} validationMessage={errors.limit_value}>
              <Input inputMode="decimal" value={check.limit} onChange={(_, data) => setCheck({ ...check, limit: data.value })} />
            </Field>
          ) : null}
          {check.measure !== DUMMY_BLOCK_OD_MEASURE && check.limit.trim() === '' ? (
            <Checkbox checked={check.ok} onChange={(_, data) => setCheck({ ...check, ok: data.checked === true })} label={t('tooling.checkOk')} />
          ) : null}
          <Button appearance="primary" onClick={record}>
            {t('tooling.addCheck')}
          </Button>
        </div>
      ) : null}
      {tool.checks.length === 0 ? (
        <Text>{t('tooling.noChecks')}</Text>
      ) : (
        <div className={styles.tableWrap}>
          <Table aria-label={t('tooling.checks')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('tooling.lastCheck')}</TableHeaderCell>
                <TableHeaderCell>{t('tooling.measure')}</TableHeaderCell>
                <TableHeaderCell>{t('tooling.value')}</TableHeaderCell>
                <TableHeaderCell>{t('tooling.limit')}</TableHeaderCell>
                <TableHeaderCell>{t('tooling.result')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {tool.checks.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{`${format.dateTime(row.checked_at)} · ${row.checked_by_name ?? '—'}`}</TableCell>
                  <TableCell>{measureLabel(row.measure)}</TableCell>
                  <TableCell>
                    {format.number(row.value, 3)}
                    {row.growth_mm !== null ? ` (${t('tooling.growth', { growth: format.number(row.growth_mm, 3) })})` : ''}
                  </TableCell>
                  <TableCell>{row.limit_value === null ? '—' : format.number(row.limit_value, 3)}</TableCell>
                  <TableCell>
                    <Badge color={row.ok ? 'success' : 'danger'} appearance="tint">
                      {row.ok ? t('tooling.ok') : t('tooling.notOk')}
                    </Badge>
                    {row.warning ? <Text block>{row.warning}</Text> : null}
                    {row.note ? <Text block>{row.note}</Text> : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </Card>
  );
}
