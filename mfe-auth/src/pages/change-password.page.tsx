import { Field, Input, Text } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { passwordChangeSchema, type PasswordChange } from '@planta/contracts';
import { changePassword, DEFAULT_AFTER_LOGIN_URL, errorMessage } from '@planta/session';
import { applyServerFieldErrors, showSnackbar } from '@planta/ui';
import { AuthCard, AuthCardHeading, AuthSubmit, useAuthCardStyles } from './auth-card';

const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const satisfies readonly FieldPath<PasswordChange>[];

/**
 * The caller's own new password, from the user menu (issue 36): every other session of theirs ends
 * at once (other devices, other tabs); this one goes on, and lands on the welcome dashboard.
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
        <AuthCardHeading title={t('changePassword.title')} explanation={t('changePassword.explanation')} />
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
          <AuthSubmit submitting={formState.isSubmitting}>{t('changePassword.submit')}</AuthSubmit>
        </form>
        <Text align="center">
          <Link to={DEFAULT_AFTER_LOGIN_URL}>{t('changePassword.back')}</Link>
        </Text>
      </AuthCard>
    </div>
  );
}
