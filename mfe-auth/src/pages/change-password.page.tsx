import { Button, Field, Input, Text, Title3 } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { passwordChangeSchema, type PasswordChange } from '@planta/contracts';
import { changePassword, DEFAULT_AFTER_LOGIN_URL, errorMessage } from '@planta/session';
import { applyServerFieldErrors, LoadingRing, showSnackbar } from '@planta/ui';
import { AuthCard, useAuthCardStyles } from './auth-card';

const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const satisfies readonly FieldPath<PasswordChange>[];

/**
 * The caller's own new password (issue 11). A user signed in with a temporary password is kept
 * here by the shell's guard (and refused by the API elsewhere) until it is changed; then they
 * land on the welcome dashboard.
 */
export default function ChangePasswordPage() {
  const styles = useAuthCardStyles();
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { control, handleSubmit, formState, setError } = useForm<PasswordChange>({
    mode: 'onTouched',
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await changePassword(values);
      showSnackbar({ message: t('changePassword.done'), variant: 'success' });
      navigate(DEFAULT_AFTER_LOGIN_URL, { replace: true });
    } catch (error) {
      if (applyServerFieldErrors(error, setError, FIELDS).length === 0) showSnackbar({ message: errorMessage(error), variant: 'error' });
    }
  });

  const labels: Record<(typeof FIELDS)[number], string> = {
    current_password: t('changePassword.current'),
    new_password: t('changePassword.new'),
    confirm_password: t('changePassword.confirm'),
  };
  const autoComplete: Record<(typeof FIELDS)[number], string> = {
    current_password: 'current-password',
    new_password: 'new-password',
    confirm_password: 'new-password',
  };

  return (
    <div className={styles.page}>
      <AuthCard>
        <div className={styles.brand}>
          <img src="/favicon.svg" alt="Planta" width={56} height={56} />
          <Title3 as="h1">{t('changePassword.title')}</Title3>
          <Text>{t('changePassword.explanation')}</Text>
        </div>
        <form className={styles.form} onSubmit={submit} noValidate>
          {FIELDS.map((name, index) => (
            <Controller
              key={name}
              name={name}
              control={control}
              render={({ field, fieldState }) => (
                <Field label={labels[name]} required validationMessage={fieldState.error?.message}>
                  <Input {...field} type="password" autoComplete={autoComplete[name]} autoFocus={index === 0} />
                </Field>
              )}
            />
          ))}
          <Button
            type="submit"
            appearance="primary"
            size="large"
            disabled={formState.isSubmitting}
            icon={formState.isSubmitting ? <LoadingRing size="tiny" /> : undefined}
          >
            {t('changePassword.submit')}
          </Button>
        </form>
        <Text align="center">
          <Link to="/logout">{t('changePassword.signOut')}</Link>
        </Text>
      </AuthCard>
    </div>
  );
}
