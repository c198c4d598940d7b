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
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dieCopyMessages, dieEndpoints, dieLabel, dieMoveSchema, dieScrapSchema, type DieCopy, type DieState } from '@planta/contracts';
import { call, errorMessage, isApiRequestError } from '@planta/session';
import { i18nKey, showSnackbar } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { dieInventoryTexts } from '../i18n/die-inventory.texts';
import { manualMoveTargets } from '../pages/die-copy.model';

registerDieshopTexts(dieInventoryTexts);

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
function refusalOf(error: unknown, field: string): Refusal {
  const message = isApiRequestError(error) ? error.fields?.[field] : undefined;
  return message ? { field: message } : { general: errorMessage(error) };
}

type Refusal = { field?: string; general?: string };

/**
 * The frame both actions share: a form in a dialog whose submit sends `send` once (the button
 * spins meanwhile), hands the answer to `onDone`, and shows a refusal on the action's field or
 * above the buttons.
 */
function DieActionDialog({
  title,
  submitLabel,
  field,
  refusal,
  setRefusal,
  validate,
  send,
  onClose,
  onDone,
  children,
}: {
  title: string;
  submitLabel: string;
  field: string;
  refusal: Refusal;
  setRefusal: (refusal: Refusal) => void;
  /** The refusal of the form as typed, before anything is sent (null: send it). */
  validate: () => string | null;
  send: () => Promise<DieCopy>;
  onClose: () => void;
  onDone: (die: DieCopy) => void;
  children: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validate();
    if (invalid) return setRefusal({ field: invalid });
    setSending(true);
    try {
      onDone(await send());
    } catch (error) {
      setRefusal(refusalOf(error, field));
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.content}>
              {children}
              {refusal.general ? (
                <MessageBar intent="error">
                  <MessageBarBody>{refusal.general}</MessageBarBody>
                </MessageBar>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button type="button" size="large" onClick={onClose}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" size="large" appearance="primary" disabled={sending} icon={sending ? <Spinner size="tiny" /> : undefined}>
                {submitLabel}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/** 'Mover a…': only the states the die may go to by hand from where it is, with a note. */
export function MoveDieDialog({ die, onClose, onDone }: DialogProps) {
  const { t } = useTranslation([DIESHOP_NS, 'common']);
  const [to, setTo] = useState<DieState | ''>('');
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<Refusal>({});
  useEffect(() => {
    setTo('');
    setNote('');
    setRefusal({});
  }, [die]);
  if (!die) return null;
  const label = dieLabel(die);
  const stateName = (state: DieState) => t(`${DIESHOP_NS}:enums.dieState.${i18nKey(state)}`);
  const body = () => dieMoveSchema.safeParse({ to: to || undefined, note, from: die.state });

  return (
    <DieActionDialog
      title={t(`${DIESHOP_NS}:dieInventory.move.title`, { label })}
      submitLabel={t(`${DIESHOP_NS}:dieInventory.move.submit`)}
      field="to"
      refusal={refusal}
      setRefusal={setRefusal}
      validate={() => (body().success ? null : dieCopyMessages.state)}
      send={async () => {
        const moved = await call(dieEndpoints.move, { params: { id: die.id }, body: body().data! });
        showSnackbar({ message: t(`${DIESHOP_NS}:dieInventory.move.done`, { label, state: stateName(moved.state) }), variant: 'success' });
        return moved;
      }}
      onClose={onClose}
      onDone={onDone}
    >
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
    </DieActionDialog>
  );
}

/** 'Dar de baja': the copy and its history stay; the reason is required. */
export function ScrapDieDialog({ die, onClose, onDone }: DialogProps) {
  const { t } = useTranslation([DIESHOP_NS, 'common']);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<Refusal>({});
  useEffect(() => {
    setReason('');
    setRefusal({});
  }, [die]);
  if (!die) return null;
  const label = dieLabel(die);
  const body = () => dieScrapSchema.safeParse({ reason });

  return (
    <DieActionDialog
      title={t(`${DIESHOP_NS}:dieInventory.scrap.title`, { label })}
      submitLabel={t(`${DIESHOP_NS}:dieInventory.scrap.submit`)}
      field="reason"
      refusal={refusal}
      setRefusal={setRefusal}
      validate={() => {
        const parsed = body();
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? dieCopyMessages.scrapReason);
      }}
      send={async () => {
        const scrapped = await call(dieEndpoints.scrap, { params: { id: die.id }, body: body().data! });
        showSnackbar({ message: t(`${DIESHOP_NS}:dieInventory.scrap.done`, { label }), variant: 'success' });
        return scrapped;
      }}
      onClose={onClose}
      onDone={onDone}
    >
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
    </DieActionDialog>
  );
}
