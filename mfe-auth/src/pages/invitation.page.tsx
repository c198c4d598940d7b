import { useTranslation } from 'react-i18next';
import { userEndpoints, type InvitationPreview } from '@planta/contracts';
import { acceptInvitation, call } from '@planta/session';
import { PasswordLinkForm } from './password-link-form';

const preview = (token: string) => call(userEndpoints.invitationPreview, { body: { token } });
const accept = (token: string, password: string, confirm: string) => acceptInvitation({ token, password, confirm_password: confirm });

/**
 * `/invitation#<token>` (issue 36): a person invited to a company chooses a password for a new
 * account, or types their own account's, and lands signed in to that company.
 */
export default function InvitationPage() {
  const { t } = useTranslation('auth');
  return (
    <PasswordLinkForm<InvitationPreview>
      preview={preview}
      use={accept}
      passwordField="password"
      texts={(found) => ({
        title: t('invitation.title', { company: found.company_name }),
        explanation: t('invitation.explanation', { name: found.display_name, company: found.company_name }),
        password: t('invitation.password'),
        submit: t('invitation.submit'),
        done: t('invitation.done', { company: found.company_name }),
      })}
    />
  );
}
