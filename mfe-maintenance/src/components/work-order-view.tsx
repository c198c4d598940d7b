import { Badge, Button, Caption1, Field, Input, makeStyles, Select, Spinner, Subtitle2, Text, Textarea, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  maintenanceBoardEndpoints,
  mentionOf,
  mentionsAsText,
  STOP_CAUSES,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_TRANSITIONS,
  workOrderEndpoints,
  type BoardMember,
  type HoldReason,
  type WorkOrderDetail,
  type WorkOrderPatch,
  type WorkOrderStatus,
  HOLD_REASONS,
} from '@planta/contracts';
import { call, errorMessage, userAtom } from '@planta/session';
import { DateField, DecimalField, Discussion, ErrorCard, i18nKey, peopleSource, showSnackbar, useCan, useFormat } from '@planta/ui';
import '../i18n';

const useStyles = makeStyles({
  view: { display: 'flex', flexDirection: 'column', gap: '16px' },
  chips: { display: 'flex', flexWrap: 'wrap', gap: '6px', alignItems: 'center' },
  links: { display: 'flex', flexWrap: 'wrap', gap: '12px' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '12px' },
  wide: { gridColumn: '1 / -1' },
  row: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'flex-end' },
  blocked: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  list: { display: 'flex', flexDirection: 'column', gap: '8px', margin: 0, padding: 0, listStyleType: 'none' },
  item: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '8px',
    alignItems: 'center',
    padding: '8px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  grow: { flexGrow: 1, minWidth: '160px' },
  photos: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  photo: { width: '120px', height: '90px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium },
  picker: { display: 'flex', flexWrap: 'wrap', gap: '4px' },
  section: { display: 'flex', flexDirection: 'column', gap: '8px' },
});

/** The company's people (assignee and mention pickers), read once per view. */
export function useMembers(): BoardMember[] {
  const [members, setMembers] = useState<BoardMember[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    call(maintenanceBoardEndpoints.members, {}, { signal: controller.signal }).then(setMembers, () => undefined);
    return () => controller.abort();
  }, []);
  return members;
}

/** A move of the order from its record (the board's call, at the end of the target column). */
export async function moveOrder(
  order: Pick<WorkOrderDetail, 'id' | 'version'>,
  to: WorkOrderStatus,
  extra: { hold_reason?: HoldReason; reason?: string } = {},
) {
  await call(maintenanceBoardEndpoints.move, { body: { id: order.id, to_status: to, version: order.version, before_id: null, ...extra } });
}

function ReasonPrompt({
  label,
  options,
  onConfirm,
  onCancel,
}: {
  label: string;
  options?: readonly string[];
  onConfirm: (reason: string, option?: string) => void;
  onCancel: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('maintenance');
  const [reason, setReason] = useState('');
  const [option, setOption] = useState(options?.[0] ?? '');
  return (
    <div className={styles.row}>
      {options ? (
        <Field label={t('board.holdReason')}>
          <Select value={option} onChange={(_, data) => setOption(data.value)}>
            {options.map((value) => (
              <option key={value} value={value}>
                {t(`enums.holdReason.${i18nKey(value)}`)}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <Field label={label} className={styles.grow}>
        <Input value={reason} onChange={(_, data) => setReason(data.value)} />
      </Field>
      <Button appearance="primary" disabled={!options && !reason.trim()} onClick={() => onConfirm(reason.trim(), option)}>
        {t('board.confirm')}
      </Button>
      <Button onClick={onCancel}>{t('board.close')}</Button>
    </div>
  );
}

/**
 * A work order as one record (the board's panel and /apps/corrective-maintenance/:id): details
 * editable per grants, assignment, blocking, state moves with verification, checklist, labour,
 * comments with @mentions, the failure report with its photos, the stops.
 */
export function WorkOrderView({
  id,
  onChanged,
  onLoaded,
  inRecord = false,
}: {
  id: number;
  onChanged?: () => void;
  onLoaded?: (order: WorkOrderDetail) => void;
  /** Shown as the corrective record itself (no link to it). */
  inRecord?: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['maintenance', 'common']);
  const format = useFormat();
  const me = useAtomValue(userAtom).data.id;
  const members = useMembers();
  const mentionSources = useMemo(
    () => [
      peopleSource(
        t('common:discussion.picker'),
        members.map((member) => ({ id: member.id, label: member.name })),
        (option) => mentionOf({ id: option.id, name: option.label }),
      ),
    ],
    [members, t],
  );
  const [order, setOrder] = useState<WorkOrderDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, setDraft] = useState<WorkOrderPatch>({});
  const [prompt, setPrompt] = useState<null | 'block' | WorkOrderStatus>(null);
  const [labor, setLabor] = useState<{ minutes: number | null; worked_on: string; note: string }>({
    minutes: null,
    worked_on: new Date().toISOString().slice(0, 10),
    note: '',
  });
  const mayEdit = useCan(workOrderEndpoints.update);
  const mayWork = useCan(workOrderEndpoints.block);
  const mayMove = useCan(maintenanceBoardEndpoints.move);
  const mayCreate = useCan(workOrderEndpoints.create);

  const load = useCallback(() => {
    setLoadError(null);
    call(workOrderEndpoints.detail, { params: { id } }).then(
      (detail) => {
        setOrder(detail);
        setDraft({});
        onLoaded?.(detail);
      },
      (error: unknown) => setLoadError(errorMessage(error)),
    );
  }, [id, onLoaded]);
  useEffect(load, [load]);

  /** Runs a change, shows the answer (or the API's message), and tells the board. */
  const run = useCallback(
    async (work: () => Promise<WorkOrderDetail | void>, success?: string) => {
      try {
        const answer = await work();
        if (answer) setOrder(answer);
        else load();
        if (answer) setDraft({});
        if (success) showSnackbar({ message: success, variant: 'success', autoHideMs: 2000 });
        onChanged?.();
        return true;
      } catch (error) {
        showSnackbar({ message: errorMessage(error), variant: 'error' });
        load();
        return false;
      }
    },
    [load, onChanged],
  );

  if (loadError) return <ErrorCard title={t('maintenance:order.notFound')} message={loadError} retryLabel={t('common:actions.retry')} onRetry={load} />;
  if (!order || order.id !== id) return <Spinner />;

  const closed = order.status === 'verified' || order.status === 'cancelled';
  const value = <K extends keyof WorkOrderPatch>(key: K, fallback: WorkOrderPatch[K]) => (key in draft ? draft[key] : fallback);
  const set = (change: WorkOrderPatch) => setDraft((current) => ({ ...current, ...change }));
  const editable = mayEdit && !closed;
  const moves = WORK_ORDER_TRANSITIONS[order.status].filter((to) => to !== 'verified' || (mayCreate && order.completed_by !== me));
  const statusName = (status: WorkOrderStatus) => t(`maintenance:enums.workOrderStatus.${i18nKey(status)}`);

  const moveTo = (to: WorkOrderStatus, extra: { hold_reason?: HoldReason; reason?: string } = {}) =>
    run(() => moveOrder(order, to, extra), t('maintenance:board.moved', { number: order.number, column: statusName(to) })).then(() => setPrompt(null));
  const askFirst = (to: WorkOrderStatus) => to === 'on_hold' || to === 'cancelled' || (order.status === 'completed' && to === 'in_progress');

  return (
    <div className={styles.view}>
      <div className={styles.chips}>
        <Badge appearance="tint">{t(`maintenance:enums.workOrderType.${i18nKey(order.type)}`)}</Badge>
        <Badge appearance="filled" color="brand">
          {statusName(order.status)}
        </Badge>
        <Badge appearance="outline">{t(`maintenance:enums.priority.${i18nKey(order.priority)}`)}</Badge>
        {order.overdue ? (
          <Badge appearance="filled" color="danger">
            {t('maintenance:board.overdue')}
          </Badge>
        ) : null}
        {order.blocked ? (
          <Text className={styles.blocked} role="status">
            {t('maintenance:order.blockedBecause', { reason: order.blocked_reason })}
          </Text>
        ) : null}
      </div>
      <div className={styles.links}>
        {order.type === 'corrective' && !inRecord ? <Link to={`/apps/corrective-maintenance/${order.id}`}>{t('maintenance:order.openRecord')}</Link> : null}
        {order.machine_id ? (
          <Link to={`/apps/maintenance-dashboard/machineResume/${order.machine_id}`}>
            {t('maintenance:order.machineSummary')}: {order.machine_name}
          </Link>
        ) : null}
      </div>

      {mayMove && !closed ? (
        <section className={styles.section} aria-label={t('maintenance:order.moves')}>
          <Subtitle2>{t('maintenance:order.moves')}</Subtitle2>
          <div className={styles.row}>
            {moves.map((to) => (
              <Button key={to} appearance={to === 'verified' ? 'primary' : 'secondary'} onClick={() => (askFirst(to) ? setPrompt(to) : void moveTo(to))}>
                {to === 'verified' ? t('maintenance:order.verify') : statusName(to)}
              </Button>
            ))}
            {mayWork ? (
              order.blocked ? (
                <Button onClick={() => void run(() => call(workOrderEndpoints.block, { params: { id }, body: { blocked: false } }))}>
                  {t('maintenance:order.unblock')}
                </Button>
              ) : (
                <Button onClick={() => setPrompt('block')}>{t('maintenance:order.block')}</Button>
              )
            ) : null}
          </div>
          {order.status === 'completed' && order.completed_by === me ? <Caption1>{t('maintenance:order.verifyHint')}</Caption1> : null}
          {prompt === 'block' ? (
            <ReasonPrompt
              label={t('maintenance:order.blockReason')}
              onCancel={() => setPrompt(null)}
              onConfirm={(reason) =>
                void run(() => call(workOrderEndpoints.block, { params: { id }, body: { blocked: true, reason } })).then((done) => done && setPrompt(null))
              }
            />
          ) : prompt ? (
            <ReasonPrompt
              label={t('maintenance:board.reason')}
              options={prompt === 'on_hold' ? HOLD_REASONS : undefined}
              onCancel={() => setPrompt(null)}
              onConfirm={(reason, option) =>
                void moveTo(prompt, { ...(reason ? { reason } : {}), ...(prompt === 'on_hold' ? { hold_reason: option as HoldReason } : {}) })
              }
            />
          ) : null}
        </section>
      ) : null}

      <section className={styles.section} aria-label={t('maintenance:order.details')}>
        <Subtitle2>{t('maintenance:order.details')}</Subtitle2>
        <div className={styles.grid}>
          <Field label={t('maintenance:order.title')} className={styles.wide}>
            <Input readOnly={!editable} value={value('title', order.title) ?? ''} onChange={(_, data) => set({ title: data.value })} />
          </Field>
          <Field label={t('maintenance:order.description')} className={styles.wide}>
            <Textarea readOnly={!editable} value={value('description', order.description) ?? ''} onChange={(_, data) => set({ description: data.value })} />
          </Field>
          <Field label={t('maintenance:order.assignee')}>
            <Select
              disabled={!editable}
              value={String(value('assignee_id', order.assignee_id) ?? '')}
              onChange={(_, data) => set({ assignee_id: data.value ? Number(data.value) : null })}
            >
              <option value="">{t('maintenance:board.unassigned')}</option>
              {members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('maintenance:order.priority')}>
            <Select
              disabled={!editable}
              value={value('priority', order.priority)}
              onChange={(_, data) => set({ priority: data.value as WorkOrderPatch['priority'] })}
            >
              {WORK_ORDER_PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {t(`maintenance:enums.priority.${i18nKey(priority)}`)}
                </option>
              ))}
            </Select>
          </Field>
          <DateField
            label={t('maintenance:order.dueAt')}
            readOnly={!editable}
            disabled={!editable}
            value={(value('due_at', order.due_at) ?? '').slice(0, 10)}
            onValue={(day) => set({ due_at: day ? `${day}T23:59:00.000Z` : null })}
          />
          <DecimalField
            label={t('maintenance:order.estimatedH')}
            readOnly={!editable}
            value={value('estimated_h', order.estimated_h)}
            onValue={(typed) => set({ estimated_h: typed })}
          />
          <Field label={t('maintenance:order.causeCategory')}>
            <Select
              disabled={!editable}
              value={value('cause_category', order.cause_category) ?? ''}
              onChange={(_, data) => set({ cause_category: (data.value || null) as WorkOrderPatch['cause_category'] })}
            >
              <option value="">—</option>
              {STOP_CAUSES.map((cause) => (
                <option key={cause} value={cause}>
                  {t(`common:enums.stopCause.${i18nKey(cause)}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('maintenance:order.rootCause')} className={styles.wide}>
            <Textarea readOnly={!editable} value={value('root_cause', order.root_cause) ?? ''} onChange={(_, data) => set({ root_cause: data.value })} />
          </Field>
          <Field label={t('maintenance:order.solution')} className={styles.wide}>
            <Textarea readOnly={!editable} value={value('solution', order.solution) ?? ''} onChange={(_, data) => set({ solution: data.value })} />
          </Field>
          {order.require_signature ? (
            <Field label={t('maintenance:order.signedBy')}>
              <Input
                readOnly={!editable}
                value={value('signed_by_name', order.signed_by_name) ?? ''}
                onChange={(_, data) => set({ signed_by_name: data.value })}
              />
            </Field>
          ) : null}
        </div>
        {editable ? (
          <div>
            <Button
              appearance="primary"
              disabled={Object.keys(draft).length === 0}
              onClick={() => void run(() => call(workOrderEndpoints.update, { params: { id }, body: draft }), t('maintenance:order.saved'))}
            >
              {Object.keys(draft).length === 1 && 'assignee_id' in draft ? t('maintenance:order.assign') : t('maintenance:order.save')}
            </Button>
          </div>
        ) : null}
        <Caption1>
          {[
            `${t('maintenance:order.createdAt')}: ${format.dateTime(order.created_at)}${order.created_by_name ? ` · ${order.created_by_name}` : ''}`,
            order.started_at ? `${t('maintenance:order.startedAt')}: ${format.dateTime(order.started_at)}` : '',
            order.completed_at ? `${t('maintenance:order.completedAt')}: ${format.dateTime(order.completed_at)} · ${order.completed_by_name ?? ''}` : '',
            order.verified_at ? `${t('maintenance:order.verifiedBy')}: ${order.verified_by_name ?? ''} · ${format.dateTime(order.verified_at)}` : '',
            order.plan_name ? `${t('maintenance:order.plan')}: ${order.plan_name}` : '',
          ]
            .filter(Boolean)
            .join(' — ')}
        </Caption1>
      </section>

      <section className={styles.section} aria-label={t('maintenance:order.checklist')}>
        <Subtitle2>{t('maintenance:order.checklist')}</Subtitle2>
        {order.items.length === 0 ? <Text>{t('maintenance:order.noChecklist')}</Text> : null}
        <ul className={styles.list}>
          {order.items.map((item) => (
            <li key={item.id} className={styles.item}>
              <Text className={styles.grow}>
                {item.label}
                {item.required ? ` · ${t('maintenance:order.required')}` : ''}
              </Text>
              {item.kind === 'check' || item.kind === 'inspection' ? (
                <>
                  <Button
                    disabled={!mayWork || closed}
                    appearance={item.ok === true ? 'primary' : 'secondary'}
                    onClick={() => void run(() => call(workOrderEndpoints.answerItem, { params: { id, itemId: item.id }, body: { ok: true } }))}
                  >
                    {t('maintenance:order.ok')}
                  </Button>
                  <Button
                    disabled={!mayWork || closed}
                    appearance={item.ok === false ? 'primary' : 'secondary'}
                    onClick={() => void run(() => call(workOrderEndpoints.answerItem, { params: { id, itemId: item.id }, body: { ok: false } }))}
                  >
                    {t('maintenance:order.failed')}
                  </Button>
                </>
              ) : (
                <Input
                  aria-label={`${t('maintenance:order.answer')}: ${item.label}`}
                  type={item.kind === 'number' ? 'number' : 'text'}
                  readOnly={!mayWork || closed}
                  defaultValue={item.value}
                  onBlur={(event) => {
                    if (event.target.value !== item.value)
                      void run(() => call(workOrderEndpoints.answerItem, { params: { id, itemId: item.id }, body: { value: event.target.value } }));
                  }}
                />
              )}
              {item.kind === 'inspection' && item.ok === false && mayCreate ? (
                <Button
                  onClick={() =>
                    void call(workOrderEndpoints.correctiveFromItem, { params: { id, itemId: item.id } }).then(
                      (created) => {
                        showSnackbar({ message: t('maintenance:order.correctiveCreated', { number: created.number }), variant: 'success' });
                        onChanged?.();
                      },
                      (error: unknown) => showSnackbar({ message: errorMessage(error), variant: 'error' }),
                    )
                  }
                >
                  {t('maintenance:order.createCorrective')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-label={t('maintenance:order.labor')}>
        <Subtitle2>
          {t('maintenance:order.labor')} · {t('maintenance:order.laborTotal', { duration: format.duration(order.labor_minutes) })}
        </Subtitle2>
        {order.labor.length === 0 ? <Text>{t('maintenance:order.noLabor')}</Text> : null}
        <ul className={styles.list}>
          {order.labor.map((entry) => (
            <li key={entry.id} className={styles.item}>
              <Text className={styles.grow}>
                {format.date(entry.worked_on)} · {entry.user_name ?? '—'} · {format.duration(entry.minutes)}
                {entry.note ? ` · ${entry.note}` : ''}
              </Text>
              {!closed && (entry.user_id === me || mayCreate) ? (
                <Button
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  aria-label={t('maintenance:order.removeLabor', { name: entry.user_name ?? '' })}
                  title={t('maintenance:order.removeLabor', { name: entry.user_name ?? '' })}
                  onClick={() => void run(() => call(workOrderEndpoints.removeLabor, { params: { id, laborId: entry.id } }))}
                />
              ) : null}
            </li>
          ))}
        </ul>
        {mayWork && !closed ? (
          <div className={styles.row}>
            <DecimalField label={t('maintenance:order.minutes')} value={labor.minutes} onValue={(minutes) => setLabor({ ...labor, minutes })} />
            <DateField label={t('maintenance:order.workedOn')} value={labor.worked_on} onValue={(day) => setLabor({ ...labor, worked_on: day ?? '' })} />
            <Field label={t('maintenance:order.note')} className={styles.grow}>
              <Input value={labor.note} onChange={(_, data) => setLabor({ ...labor, note: data.value })} />
            </Field>
            <Button
              disabled={!labor.minutes}
              onClick={() =>
                void run(() =>
                  call(workOrderEndpoints.addLabor, { params: { id }, body: { minutes: labor.minutes ?? 0, worked_on: labor.worked_on, note: labor.note } }),
                ).then((done) => done && setLabor({ ...labor, minutes: null, note: '' }))
              }
            >
              {t('maintenance:order.addLabor')}
            </Button>
          </div>
        ) : null}
      </section>

      <Discussion
        comments={order.comments}
        render={mentionsAsText}
        sources={mentionSources}
        onSend={mayWork ? (text) => run(() => call(workOrderEndpoints.comment, { params: { id }, body: { text } })) : undefined}
      />

      {order.report ? (
        <section className={styles.section} aria-label={t('maintenance:order.report')}>
          <Subtitle2>
            {t('maintenance:order.report')}: <Link to={`/apps/failure-damage-report/${order.report.id}`}>{order.report.number}</Link>
          </Subtitle2>
          <Caption1>
            {format.dateTime(order.report.reported_at)} · {t('maintenance:order.reportedBy', { name: order.report.reported_by_name ?? '—' })}
          </Caption1>
          <Text>{order.report.description}</Text>
          <div className={styles.photos}>
            {order.report.photos.map((photo) => (
              <a key={photo.id} href={photo.url} target="_blank" rel="noreferrer">
                <img className={styles.photo} src={photo.url} alt={photo.file_name} />
              </a>
            ))}
          </div>
        </section>
      ) : null}
      {order.attachments.length > 0 ? (
        <section className={styles.section} aria-label={t('maintenance:order.attachments')}>
          <Subtitle2>{t('maintenance:order.attachments')}</Subtitle2>
          <div className={styles.photos}>
            {order.attachments.map((file) => (
              <a key={file.id} href={file.url} target="_blank" rel="noreferrer">
                {file.file_name}
              </a>
            ))}
          </div>
        </section>
      ) : null}
      <section className={styles.section} aria-label={t('maintenance:order.stops')}>
        <Subtitle2>{t('maintenance:order.stops')}</Subtitle2>
        {order.stops.length === 0 ? <Text>{t('maintenance:order.noStops')}</Text> : null}
        {order.stops.map((stop) => (
          <Text key={stop.id}>
            {t(`common:enums.stopCause.${i18nKey(stop.cause)}`)} ·{' '}
            {t('maintenance:order.stopLine', {
              start: format.dateTime(stop.started_at),
              end: stop.ended_at ? format.dateTime(stop.ended_at) : t('maintenance:order.stopOpen'),
              duration: format.duration(stop.minutes),
            })}
          </Text>
        ))}
      </section>
    </div>
  );
}
