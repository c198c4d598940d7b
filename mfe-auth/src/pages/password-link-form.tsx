import { Field, Input, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { accessTokenRequestSchema, newPasswordSchema, messages } from '@planta/contracts';
import { DEFAULT_AFTER_LOGIN_URL, errorMessage, isApiRequestError } from '@planta/session';
import { applyServerFieldErrors, LoadingRing, showSnackbar, useFormat } from '@planta/ui';
import { z } from 'zod';
import { AuthCard, AuthCardHeading, AuthSubmit, useAuthCardStyles } from './auth-card';

/** What the page shows of the link before it is used. */
export interface LinkPreview {
  email: string;
  display_name: string;
  expires_at: string;
}

interface PasswordLinkFormProps<P extends LinkPreview> {
  /** Reads the link (404 on the token when it no longer works). */
  preview: (token: string) => Promise<P>;
  /** Uses the link with the two passwords; opens the session. */
  use: (token: string, password: string, confirm: string) => Promise<unknown>;
  /** The body's field the API names for the password ('password' or 'new_password'). */
  passwordField: 'password' | 'new_password';
  texts: (preview: P) => { title: string; explanation: string; password: string; submit: string; done: string };
}

const formSchema = z
  .object({ password: newPasswordSchema, confirm: z.string().min(1, messages.required) })
  .refine((value) => value.password === value.confirm, { message: messages.passwordsDoNotMatch, path: ['confirm'] });
type FormValues = z.infer<typeof formSchema>;

/** The token after `#` (kept out of the address the server sees); empty when there is none. */
const tokenFrom = (hash: string) => {
  const token = decodeURIComponent(hash.replace(/^#/, ''));
  return accessTokenRequestSchema.safeParse({ token }).success ? token : '';
};

/**
 * A one-time link's page (issue 36): who it is for, then a password typed twice. The same form
 * whether the link makes a new account or joins an existing one, so the page tells nobody which.
 */
export function PasswordLinkForm<P extends LinkPreview>({ preview, use, passwordField, texts }: PasswordLinkFormProps<P>) {
  const styles = useAuthCardStyles();
  const { t } = useTranslation('auth');
  const format = useFormat();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const token = tokenFrom(hash);
  const [shown, setShown] = useState<{ preview: P } | { invalid: string } | null>(null);
  const { control, handleSubmit, formState, setError } = useForm<FormValues>({
    mode: 'onTouched',
    resolver: zodResolver(formSchema),
    defaultValues: { password: '', confirm: '' },
  });

  useEffect(() => {
    let current = true;
    if (!token) {
      setShown({ invalid: messages.linkInvalid });
      return;
    }
    preview(token).then(
      (found) => current && setShown({ preview: found }),
      (failure) => current && setShown({ invalid: isApiRequestError(failure) && failure.statusCode === 404 ? messages.linkInvalid : errorMessage(failure) }),
    );
    return () => {
      current = false;
    };
  }, [token, preview]);

  const submit = handleSubmit(async (values) => {
    if (!shown || !('preview' in shown)) return;
    try {
      await use(token, values.password, values.confirm);
      showSnackbar({ message: texts(shown.preview).done, variant: 'success' });
      navigate(DEFAULT_AFTER_LOGIN_URL, { replace: true });
    } catch (failure) {
      if (isApiRequestError(failure) && failure.statusCode === 404) return setShown({ invalid: messages.linkInvalid });
      const fields = { [passwordField]: 'password', confirm_password: 'confirm' } as const;
      const named = applyServerFieldErrors(failure, (name, error) => setError(fields[name as keyof typeof fields] ?? 'password', error), Object.keys(fields));
      if (named.length === 0) showSnackbar({ message: errorMessage(failure), variant: 'error' });
    }
  });

  if (shown === null)
    return (
      <div className={styles.page}>
        <AuthCard aria-busy="true">
          <LoadingRing label={t('link.checking')} />
        </AuthCard>
      </div>
    );

  if ('invalid' in shown)
    return (
      <div className={styles.page}>
        <AuthCard>
          <AuthCardHeading title={t('link.invalidTitle')} />
          <MessageBar intent="warning">
            <MessageBarBody>{shown.invalid}</MessageBarBody>
          </MessageBar>
          <Text align="center">
            <Link to="/login">{t('link.toLogin')}</Link>
          </Text>
        </AuthCard>
      </div>
    );

  const words = texts(shown.preview);
  return (
    <div className={styles.page}>
      <AuthCard>
        <AuthCardHeading title={words.title} explanation={words.explanation} />
        <form className={styles.form} onSubmit={submit} noValidate>
          <Field label={t('link.email')}>
            <Input value={shown.preview.email} readOnly autoComplete="username" />
          </Field>
          <Controller
            name="password"
            control={control}
            render={({ field, fieldState }) => (
              <Field label={words.password} required validationMessage={fieldState.error?.message}>
                <Input {...field} type="password" autoComplete="new-password" autoFocus />
              </Field>
            )}
          />
          <Controller
            name="confirm"
            control={control}
            render={({ field, fieldState }) => (
              <Field label={t('link.confirm')} required validationMessage={fieldState.error?.message}>
                <Input {...field} type="password" autoComplete="new-password" />
              </Field>
            )}
          />
          <Text size={200}>{t('link.expires', { date: format.dateTime(shown.preview.expires_at) })}</Text>
          <AuthSubmit submitting={formState.isSubmitting}>{words.submit}</AuthSubmit>
        </form>
      </AuthCard>
    </div>
  );
}
