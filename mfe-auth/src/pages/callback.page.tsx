import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LoadingScreen, showSnackbar } from '@planta/ui';

/** How long the splash stays before giving up on a provider sign-in that cannot complete. */
export const CALLBACK_GIVE_UP_MS = 1500;

/**
 * Spec 2.2: the identity-provider return page shows a splash while the sign-in completes. No
 * external provider (Firebase, Auth0) is configured in this installation, so nothing can complete
 * here: after a short moment the user is sent to /login with a snackbar that says so.
 */
export default function CallbackPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();

  useEffect(() => {
    const timer = setTimeout(() => {
      showSnackbar({
        message: t('callback.providerNotConfigured', 'El inicio de sesión con un proveedor externo no está configurado en esta instalación.'),
        variant: 'warning',
        position: 'top',
      });
      navigate('/login', { replace: true });
    }, CALLBACK_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [navigate, t]);

  return <LoadingScreen label={t('callback.message', 'Validando tu acceso...')} />;
}
