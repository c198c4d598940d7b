import { authRoles, type PageAlias } from '@planta/contracts';
import type { RemoteModule, RemoteRoute } from '@planta/shell-contract';
import { DIESHOP_NAVIGATION } from './navigation';

const landing = (alias: PageAlias) => () => import('./pages/landing.page').then((page) => ({ default: page.landingFor(alias) }));

/**
 * The routes of spec 2.2 this area owns; base paths redirect to their list.
 * Token pages (`/:token`) are open to guests (spec 6): a share link signs them in to that one
 * resource.
 */
export const ROUTES: readonly RemoteRoute[] = [
  { path: '/apps/dies', auth: authRoles.user, redirectTo: '/apps/dies/all' },
  { path: '/apps/dies/:id', auth: authRoles.user, load: landing('dies') },
  { path: '/apps/die/new', auth: authRoles.user, load: landing('dies') },
  { path: '/apps/dies/dieResume/:dieId', auth: authRoles.user, load: landing('dies') },
  { path: '/apps/dies/dieResume/:dieId/:token', auth: authRoles.guest, load: landing('dies') },
  { path: '/apps/die_enlistment', auth: authRoles.user, redirectTo: '/apps/die_enlistment/all' },
  { path: '/apps/die_enlistment/:id', auth: authRoles.user, load: landing('die-preparation') },
  { path: '/apps/die-confirm-production', auth: authRoles.user, redirectTo: '/apps/die-confirm-production/all' },
  { path: '/apps/die-confirm-production/:id', auth: authRoles.user, load: landing('die-production-confirmation') },
  { path: '/apps/die-nitruring-confirm', auth: authRoles.user, redirectTo: '/apps/die-nitruring-confirm/all' },
  { path: '/apps/die-nitruring-confirm/:id', auth: authRoles.user, load: landing('die-nitriding') },
  { path: '/apps/die-cleaning', auth: authRoles.user, redirectTo: '/apps/die-cleaning/all' },
  { path: '/apps/die-cleaning/:id', auth: authRoles.user, load: landing('die-cleaning') },
  { path: '/apps/herramental', auth: authRoles.user, redirectTo: '/apps/herramental/all' },
  { path: '/apps/herramental/:id', auth: authRoles.user, load: landing('tooling') },
  { path: '/apps/corrector-kanban-board', auth: authRoles.user, load: landing('corrector-board') },
  { path: '/apps/correction-kanban-board', auth: authRoles.user, load: landing('correction-board') },
  { path: '/apps/correction-record/:id', auth: authRoles.user, load: landing('correction-records') },
  { path: '/apps/correction-record/:id/:token', auth: authRoles.guest, load: landing('correction-records') },
  { path: '/apps/correction-report/:id/:correctionId', auth: authRoles.user, load: landing('correction-reports') },
  { path: '/apps/correction-report/:id/:correctionId/:token', auth: authRoles.guest, load: landing('correction-reports') },
  { path: '/apps/testCanvas/:id', auth: authRoles.user, load: landing('die-drawing') },
  { path: '/apps/ia-agent', auth: authRoles.user, redirectTo: '/apps/ia-agent/list' },
  { path: '/apps/ia-agent/list', auth: authRoles.user, load: landing('smart-upload') },
  { path: '/apps/ia-agent/upload/:id', auth: authRoles.user, load: landing('smart-upload') },
];

/** What this remote hands the shell (exposed as `./module`). */
const remoteModule: RemoteModule = { name: 'mfe_dieshop', routes: ROUTES, navigation: DIESHOP_NAVIGATION };
export default remoteModule;
