import {
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
} from '@fluentui/react-components';
import { CopyRegular, MailAddRegular } from '@fluentui/react-icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { authEndpoints, createInvitationRequestSchema, type RegistrationMode } from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { applyServerFieldErrors, FormSelect, FormTextField, useCan, useFormat } from '@planta/ui';
import '../i18n';

/** How long an invitation may stay open, in days (the API takes 1 to 30). */
const VALIDITY_DAYS = [1, 3, 7, 14, 30] as const;

interface InvitationForm {
  days: number;
  note?: string;
}

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: '4px' }, link: { display: 'flex', gap: '8px', alignItems: 'end' } });

/**
 * 'Invitar a registrar una empresa': when this installation registers new companies by
 * invitation only (REGISTRATION=invitation), an administrator makes a one-time link that lets one
 * more company register, valid for some days, and hands it on. Hidden in any other mode, and
 * without the companies insert grant.
 */
export function RegistrationInvitation() {
  const { t } = useTranslation(['admin', 'common']);
  const mayInvite = useCan(authEndpoints.invite);
  const [mode, setMode] = useState<RegistrationMode | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!mayInvite) return;
    let current = true;
    call(authEndpoints.registration).then(
      (policy) => current && setMode(policy.mode),
      () => current && setMode(null),
    );
    return () => {
      current = false;
    };
  }, [mayInvite]);

  if (!mayInvite || mode !== 'invitation') return null;
  return (
    <>
      <Button icon={<MailAddRegular />} onClick={() => setOpen(true)}>
        {t('admin:invitation.open')}
      </Button>
      {open ? <InvitationDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function InvitationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const styles = useStyles();
  const format = useFormat();
  const [failure, setFailure] = useState<string | null>(null);
  const [made, setMade] = useState<{ link: string; expires_at: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const { control, handleSubmit, setError, formState } = useForm<InvitationForm>({
    resolver: zodResolver(createInvitationRequestSchema) as unknown as Resolver<InvitationForm>,
    defaultValues: { days: 7, note: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      setMade(await call(authEndpoints.invite, { body: { days: values.days, note: values.note || undefined } }));
    } catch (error) {
      if (applyServerFieldErrors(error, setError, ['days', 'note']).length === 0) setFailure(errorMessage(error));
    }
  });
  const copy = async () => {
    if (!made) return;
    await navigator.clipboard?.writeText(made.link).catch(() => undefined);
    setCopied(true);
  };

  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{t('admin:invitation.title')}</DialogTitle>
            <DialogContent className={styles.form}>
              {made ? (
                <>
                  <MessageBar intent="success">
                    <MessageBarBody>{t('admin:invitation.made', { date: format.dateTime(made.expires_at) })}</MessageBarBody>
                  </MessageBar>
                  <div className={styles.link}>
                    <Field label={t('admin:invitation.link')} style={{ flex: 1 }}>
                      <Input readOnly value={made.link} onFocus={(event) => event.currentTarget.select()} />
                    </Field>
                    <Button icon={<CopyRegular />} onClick={copy}>
                      {copied ? t('admin:invitation.copied') : t('admin:invitation.copy')}
                    </Button>
                  </div>
                  <Caption1>{t('admin:invitation.once')}</Caption1>
                </>
              ) : (
                <>
                  <Caption1>{t('admin:invitation.explain')}</Caption1>
                  <FormSelect
                    name="days"
                    control={control}
                    label={t('admin:invitation.days')}
                    numeric
                    required
                    options={VALIDITY_DAYS.map((days) => ({ value: days, label: t(`admin:invitation.validity.d${days}`) }))}
                  />
                  <FormTextField name="note" control={control} label={t('admin:invitation.note')} hint={t('admin:invitation.noteHint')} />
                  {failure ? (
                    <MessageBar intent="error">
                      <MessageBarBody>{failure}</MessageBarBody>
                    </MessageBar>
                  ) : null}
                </>
              )}
            </DialogContent>
            <DialogActions>
              {made ? (
                <Button appearance="primary" onClick={onClose}>
                  {t('admin:invitation.close')}
                </Button>
              ) : (
                <>
                  <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
                  <Button appearance="primary" type="submit" disabled={formState.isSubmitting}>
                    {t('admin:invitation.create')}
                  </Button>
                </>
              )}
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
