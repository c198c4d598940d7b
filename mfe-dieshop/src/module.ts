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
  { path: '/apps/dies', page: 'dies', redirectTo: '/apps/dies/all' },
  { path: '/apps/dies/:id', page: 'dies', load: landing('dies') },
  { path: '/apps/die/new', page: 'dies', load: landing('dies') },
  { path: '/apps/dies/dieResume/:dieId', page: 'dies', load: landing('dies') },
  { path: '/apps/dies/dieResume/:dieId/:token', auth: authRoles.guest, load: landing('dies') },
  { path: '/apps/die_enlistment', page: 'die-preparation', redirectTo: '/apps/die_enlistment/all' },
  { path: '/apps/die_enlistment/:id', page: 'die-preparation', load: landing('die-preparation') },
  { path: '/apps/die-confirm-production', page: 'die-production-confirmation', redirectTo: '/apps/die-confirm-production/all' },
  { path: '/apps/die-confirm-production/:id', page: 'die-production-confirmation', load: landing('die-production-confirmation') },
  { path: '/apps/die-nitruring-confirm', page: 'die-nitriding', redirectTo: '/apps/die-nitruring-confirm/all' },
  { path: '/apps/die-nitruring-confirm/:id', page: 'die-nitriding', load: landing('die-nitriding') },
  { path: '/apps/die-cleaning', page: 'die-cleaning', redirectTo: '/apps/die-cleaning/all' },
  { path: '/apps/die-cleaning/:id', page: 'die-cleaning', load: landing('die-cleaning') },
  { path: '/apps/herramental', page: 'tooling', redirectTo: '/apps/herramental/all' },
  { path: '/apps/herramental/:id', page: 'tooling', load: landing('tooling') },
  { path: '/apps/corrector-kanban-board', page: 'corrector-board', load: landing('corrector-board') },
  { path: '/apps/correction-kanban-board', page: 'correction-board', load: landing('correction-board') },
  { path: '/apps/correction-record/:id', page: 'correction-records', load: landing('correction-records') },
  { path: '/apps/correction-record/:id/:token', auth: authRoles.guest, load: landing('correction-records') },
  { path: '/apps/correction-report/:id/:correctionId', page: 'correction-reports', load: landing('correction-reports') },
  { path: '/apps/correction-report/:id/:correctionId/:token', auth: authRoles.guest, load: landing('correction-reports') },
  { path: '/apps/testCanvas/:id', page: 'die-drawing', load: landing('die-drawing') },
  { path: '/apps/ia-agent', page: 'smart-upload', redirectTo: '/apps/ia-agent/list' },
  { path: '/apps/ia-agent/list', page: 'smart-upload', load: landing('smart-upload') },
  { path: '/apps/ia-agent/upload/:id', page: 'smart-upload', load: landing('smart-upload') },
];

/** What this remote hands the shell (exposed as `./module`). */
const remoteModule: RemoteModule = { name: 'mfe_dieshop', routes: ROUTES, navigation: DIESHOP_NAVIGATION };
export default remoteModule;
