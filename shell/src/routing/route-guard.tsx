import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { guardRedirect, rememberedUrlAtom, userRolesAtom } from '@planta/session';

/** Spec 2.1: renders the route when the user's role satisfies its auth list, otherwise redirects. */
export function RouteGuard({ auth, children }: { auth: readonly string[] | null | undefined; children: ReactNode }) {
  const location = useLocation();
  const roles = useAtomValue(userRolesAtom);
  const [remembered, setRemembered] = useAtom(rememberedUrlAtom);
  // A page left at sign-in (/login) may render once more after the remembered URL was reached and
  // forgotten: it still sends the user there, never to the root.
  const rememberedHere = useRef(remembered);
  if (remembered) rememberedHere.current = remembered;
  const redirect = guardRedirect({
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    routeAuth: auth,
    roles,
    rememberedUrl: remembered ?? rememberedHere.current,
  });
  const here = location.pathname + location.search + location.hash;
  useEffect(() => {
    if (redirect?.remember) setRemembered(redirect.remember);
    // Forget the remembered URL once it has been reached.
    else if (!redirect && remembered && remembered === here) setRemembered(null);
  }, [redirect, remembered, here, setRemembered]);
  if (!redirect) return <>{children}</>;
  return <Navigate to={redirect.to} replace />;
}
