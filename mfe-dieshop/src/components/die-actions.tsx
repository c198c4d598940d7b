import {
  Button,
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
  Text,
  Textarea,
} from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dieCopyMessages, dieEndpoints, dieLabel, dieMoveSchema, dieScrapSchema, type DieCopy, type DieState } from '@planta/contracts';
import { call, errorMessage, isApiRequestError } from '@planta/session';
import { i18nKey, showSnackbar } from '@planta/ui';
import { DIESHOP_NS } from '../i18n';
import { manualMoveTargets } from '../pages/die-copy.model';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '12px' },
});

export type DieAction = 'move' | 'scrap';

interface DialogProps {
  die: DieCopy | null;
  onClose: () => void;
  /** The die as the API answered after the action. */
  onDone: (die: DieCopy) => void;
}

/** What a refusal says: on its field when the API names one of ours, else above the buttons. */
function refusalOf(error: unknown, field: string): { field?: string; general?: string } {
  const message = isApiRequestError(error) ? error.fields?.[field] : undefined;
  return message ? { field: message } : { general: errorMessage(error) };
}

/** 'Mover a…': only the states the die may go to by hand from where it is, with a note. */
export function MoveDieDialog({ die, onClose, onDone }: DialogProps) {
  const styles = useStyles();
  const { t } = useTranslation([DIESHOP_NS, 'common']);
  const [to, setTo] = useState<DieState | ''>('');
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<{ field?: string; general?: string }>({});
  useEffect(() => {
    setTo('');
    setNote('');
    setRefusal({});
  }, [die]);
  if (!die) return null;
  const label = dieLabel(die);
  const stateName = (state: DieState) => t(`${DIESHOP_NS}:enums.dieState.${i18nKey(state)}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = dieMoveSchema.safeParse({ to: to || undefined, note, from: die.state });
    if (!body.success) return setRefusal({ field: dieCopyMessages.state });
    setSending(true);
    try {
      const moved = await call(dieEndpoints.move, { params: { id: die.id }, body: body.data });
      showSnackbar({ message: t(`${DIESHOP_NS}:dieInventory.move.done`, { label, state: stateName(moved.state) }), variant: 'success' });
      onDone(moved);
    } catch (error) {
      setRefusal(refusalOf(error, 'to'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{t(`${DIESHOP_NS}:dieInventory.move.title`, { label })}</DialogTitle>
            <DialogContent className={styles.content}>
              <Text>{t(`${DIESHOP_NS}:dieInventory.move.current`, { state: stateName(die.state) })}</Text>
              <Field label={t(`${DIESHOP_NS}:dieInventory.move.to`)} required validationMessage={refusal.field}>
                <Select
                  size="large"
                  value={to}
                  onChange={(_, data) => {
                    setTo(data.value as DieState | '');
                    setRefusal({});
                  }}
                >
                  <option value="">—</option>
                  {manualMoveTargets(die.state).map((state) => (
                    <option key={state} value={state}>
                      {stateName(state)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t(`${DIESHOP_NS}:dieInventory.move.note`)}>
                <Textarea value={note} maxLength={500} onChange={(_, data) => setNote(data.value)} />
              </Field>
              {refusal.general ? (
                <MessageBar intent="error">
                  <MessageBarBody>{refusal.general}</MessageBarBody>
                </MessageBar>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button type="button" size="large" onClick={onClose}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" size="large" appearance="primary" disabled={sending} icon={sending ? <Spinner size="tiny" /> : undefined}>
                {t(`${DIESHOP_NS}:dieInventory.move.submit`)}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/** 'Dar de baja': the copy and its history stay; the reason is required. */
export function ScrapDieDialog({ die, onClose, onDone }: DialogProps) {
  const styles = useStyles();
  const { t } = useTranslation([DIESHOP_NS, 'common']);
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<{ field?: string; general?: string }>({});
  useEffect(() => {
    setReason('');
    setRefusal({});
  }, [die]);
  if (!die) return null;
  const label = dieLabel(die);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = dieScrapSchema.safeParse({ reason });
    if (!body.success) return setRefusal({ field: body.error.issues[0]?.message ?? dieCopyMessages.scrapReason });
    setSending(true);
    try {
      const scrapped = await call(dieEndpoints.scrap, { params: { id: die.id }, body: body.data });
      showSnackbar({ message: t(`${DIESHOP_NS}:dieInventory.scrap.done`, { label }), variant: 'success' });
      onDone(scrapped);
    } catch (error) {
      setRefusal(refusalOf(error, 'reason'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{t(`${DIESHOP_NS}:dieInventory.scrap.title`, { label })}</DialogTitle>
            <DialogContent className={styles.content}>
              <Text>{t(`${DIESHOP_NS}:dieInventory.scrap.warning`)}</Text>
              <Field label={t(`${DIESHOP_NS}:dieInventory.scrap.reason`)} required validationMessage={refusal.field}>
                <Textarea
                  value={reason}
                  maxLength={300}
                  onChange={(_, data) => {
                    setReason(data.value);
                    setRefusal({});
                  }}
                />
              </Field>
              {refusal.general ? (
                <MessageBar intent="error">
                  <MessageBarBody>{refusal.general}</MessageBarBody>
                </MessageBar>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button type="button" size="large" onClick={onClose}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" size="large" appearance="primary" disabled={sending} icon={sending ? <Spinner size="tiny" /> : undefined}>
                {t(`${DIESHOP_NS}:dieInventory.scrap.submit`)}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
