import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import type { PageAlias } from '@planta/contracts';
import type { ScreenNeed } from '@planta/shell-contract';
import { grantsAtom, refreshGrants, rememberedUrlAtom, routeDecision, userRolesAtom } from '@planta/session';
import { LoadingScreen, showSnackbar } from '@planta/ui';
import { ErrorCard } from '../layout/lazy-error-card';

/** The address last refused and when: one refusal says so once, however often the guard renders. */
let lastRefusal = { address: '', at: 0 };

/** Tells a signed-in user that an address was not for them (once per refusal). */
export function showForbiddenNotice(message: string, address: string, now = Date.now()): boolean {
  if (lastRefusal.address === address && now - lastRefusal.at < 2000) return false;
  lastRefusal = { address, at: now };
  showSnackbar({ message, variant: 'warning', position: 'top' });
  return true;
}

/**
 * Spec 2.1 and architecture.md "Permissions in the UI": renders the route when the user may open
 * it — a product screen when their grants let them read its page, a sign-in or share-link page
 * when their role group allows it — and otherwise redirects. It follows the grants live: a
 * revoked read sends an open screen away without signing anybody out.
 */
export function RouteGuard({
  auth,
  page,
  needs,
  children,
}: {
  auth?: readonly string[] | null;
  page?: PageAlias;
  needs?: readonly ScreenNeed[];
  children: ReactNode;
}) {
  const { t } = useTranslation(['shell', 'common']);
  const location = useLocation();
  const roles = useAtomValue(userRolesAtom);
  const grants = useAtomValue(grantsAtom);
  const [remembered, setRemembered] = useAtom(rememberedUrlAtom);
  // A page left at sign-in (/login) may render once more after the remembered URL was reached and
  // forgotten: it still sends the user there, never to the root.
  const rememberedHere = useRef(remembered);
  if (remembered) rememberedHere.current = remembered;
  const decision = routeDecision({
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    routeAuth: auth,
    page,
    needs,
    grants,
    roles,
    rememberedUrl: remembered ?? rememberedHere.current,
  });
  const here = location.pathname + location.search + location.hash;
  const remember = decision.kind === 'redirect' ? decision.remember : undefined;
  const forbidden = decision.kind === 'redirect' && decision.forbidden === true;
  // After spec 2.1's redirect, the user is told why they did not get the address (issue 37).
  useEffect(() => {
    if (forbidden) showForbiddenNotice(t('shell:forbiddenPage', 'No tienes acceso a esa página'), here);
  }, [forbidden, here, t]);
  useEffect(() => {
    if (remember) setRemembered(remember);
    // Forget the remembered URL once it has been reached.
    else if (decision.kind === 'render' && remembered && remembered === here) setRemembered(null);
  }, [decision.kind, remember, remembered, here, setRemembered]);
  switch (decision.kind) {
    case 'render':
      return <>{children}</>;
    case 'wait':
      return <LoadingScreen delayMs={200} />;
    case 'failed':
      return (
        <ErrorCard
          title={t('shell:grants.failed', 'No se pudieron cargar tus permisos')}
          message={decision.message}
          retryLabel={t('common:actions.retry', 'Reintentar')}
          onRetry={() => void refreshGrants()}
        />
      );
    case 'redirect':
      return <Navigate to={decision.to} replace />;
  }
}
