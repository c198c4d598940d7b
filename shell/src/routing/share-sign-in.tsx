import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { EyeRegular } from '@fluentui/react-icons';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { SHARE_TOKEN_PARAM, type ShareLink } from '@planta/shell-contract';
import { clearSession, currentShare, LOGIN_PATH, signInWithShareToken, type SharedResource } from '@planta/session';
import { LoadingScreen, showSnackbar } from '@planta/ui';

const useStyles = makeStyles({
  banner: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground2,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

type State = 'signing' | 'ready' | 'failed';

/** Whether a share session opens the resource this address names. */
const opens = (shared: SharedResource | null, share: ShareLink, id: number) => shared?.type === share.type && shared.id === id;

/**
 * A share-link page (spec 2.2 `.../:token`, spec 8): before the route guard decides, signs the
 * visitor in with the link's token, then shows the shared resource read-only under the banner
 * 'Enlace compartido: solo lectura' (never 'Autenticado correctamente': nobody signed in). A refused token, or one for another resource than the address names, signs the
 * visitor out and sends them to /login ('Error intentando ingresar con el TOKEN'), remembering
 * nothing: signing in there must not lead back to the broken link.
 */
export function ShareSignIn({ share, children }: { share: ShareLink; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const styles = useStyles();
  const params = useParams();
  const token = params[SHARE_TOKEN_PARAM] ?? '';
  const resourceId = Number(params[share.param]);
  const [state, setState] = useState<State>(() => (opens(currentShare(), share, resourceId) ? 'ready' : 'signing'));

  useEffect(() => {
    // Already signed in to this very resource (a re-render, another link to it): nothing to do.
    if (opens(currentShare(), share, resourceId)) {
      setState('ready');
      return;
    }
    let live = true;
    setState('signing');
    const failed = () => {
      if (!live) return;
      showSnackbar({ message: t('session.tokenSignInFailed', 'Error intentando ingresar con el TOKEN'), variant: 'error' });
      setState('failed');
    };
    signInWithShareToken(token).then((shared) => {
      if (!opens(shared, share, resourceId)) {
        // A valid link to another resource pasted under this address: the session could not open it.
        clearSession('token-failed');
        return failed();
      }
      if (!live) return;
      // No snackbar: 'Autenticado correctamente' (spec 8) is for a person's token sign-in; the visitor of a
      // link signed in as nobody, and the banner says what they are looking at.
      setState('ready');
    }, failed);
    return () => {
      live = false;
    };
  }, [token, share, resourceId, t]);

  if (state === 'failed') return <Navigate to={LOGIN_PATH} replace />;
  if (state === 'signing') return <LoadingScreen />;
  return (
    <>
      <div className={styles.banner} role="note">
        <EyeRegular aria-hidden />
        <Text size={200}>{t('share.banner', 'Enlace compartido: solo lectura')}</Text>
      </div>
      {children}
    </>
  );
}
