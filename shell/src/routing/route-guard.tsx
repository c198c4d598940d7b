import { useAtom, useAtomValue } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { guardRedirect, rememberedUrlAtom, userRolesAtom } from '@planta/session';

/** Spec 2.1: renders the route when the user's role satisfies its auth list, otherwise redirects. */
export function RouteGuard({ auth, children }: { auth: readonly string[] | null | undefined; children: ReactNode }) {
  const location = useLocation();
  const roles = useAtomValue(userRolesAtom);
  const [remembered, setRemembered] = useAtom(rememberedUrlAtom);
  const redirect = guardRedirect({ pathname: location.pathname, search: location.search, hash: location.hash, routeAuth: auth, roles, rememberedUrl: remembered });
  useEffect(() => {
    if (redirect?.remember) setRemembered(redirect.remember);
    else if (redirect?.forget) setRemembered(null);
  }, [redirect?.remember, redirect?.forget, setRemembered]);
  if (!redirect) return <>{children}</>;
  return <Navigate to={redirect.to} replace />;
}
