import { useTranslation } from 'react-i18next';
import { userEndpoints, type PasswordResetPreview } from '@planta/contracts';
import { call, completePasswordReset } from '@planta/session';
import { PasswordLinkForm } from './password-link-form';

const preview = (token: string) => call(userEndpoints.passwordResetPreview, { body: { token } });
const complete = (token: string, password: string, confirm: string) => completePasswordReset({ token, new_password: password, confirm_password: confirm });

/** `/reset-password#<token>` (issue 36): the person whose password an administrator reset chooses a new one and lands signed in. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <PasswordLinkForm<PasswordResetPreview>
      preview={preview}
      use={complete}
      passwordField="new_password"
      texts={(found) => ({
        title: t('resetPassword.title'),
        explanation: t('resetPassword.explanation', { name: found.display_name }),
        password: t('resetPassword.password'),
        submit: t('resetPassword.submit'),
        done: t('resetPassword.done'),
      })}
    />
  );
}
