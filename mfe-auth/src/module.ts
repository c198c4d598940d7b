import type { RemoteModule, RemoteRoute } from '@planta/shell-contract';
import { AUTH_ROUTES } from './routes';

const PAGES: Record<string, RemoteRoute['load']> = {
  '/login': () => import('./pages/login.page'),
  '/register': () => import('./pages/register.page'),
  '/callback': () => import('./pages/callback.page'),
  '/logout': () => import('./pages/logout.page'),
  '/change-password': () => import('./pages/change-password.page'),
  '/invitation': () => import('./pages/invitation.page'),
  '/reset-password': () => import('./pages/reset-password.page'),
};

/** What this remote hands the shell (exposed as `./module`): the sign-in screens, no navigation. */
const remoteModule: RemoteModule = {
  name: 'mfe_auth',
  routes: AUTH_ROUTES.map((route) => ({ ...route, load: PAGES[route.path]! })),
  navigation: [],
};
export default remoteModule;
