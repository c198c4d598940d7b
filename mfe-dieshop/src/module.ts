import { correctionDefectResource, correctionOperationResource, profileResource } from '@planta/contracts';
import { screenRoutes, shareRoute, type RemoteModule, type RemoteRoute } from '@planta/shell-contract';
import { DIESHOP_WIDGETS } from './dashboard/dieshop-widgets';
import { DIESHOP_NAVIGATION } from './navigation';

const dieSummary = () => import('./pages/die-summary.page');
const dieInventory = () => import('./pages/die-inventory.page');
const dieCopyForm = () => import('./pages/die-copy-form.page');
const correctionRecord = () => import('./pages/correction-record.page');
const correctionRecordList = () => import('./pages/correction-record-list.page');
const correctionRecordNew = () => import('./pages/correction-record-new.page');
const correctionCatalogue = () => import('./pages/correction-catalogue.page');
const correctionReport = () => import('./pages/correction-report.page');
const profile = () => import('./pages/profile.page');
const dieshopSettings = () => import('./pages/dieshop-settings.page');
const dieEnlistment = () => import('./pages/die-enlistment.page');
const tooling = () => import('./pages/tooling.page');
const dieConfirmation = () => import('./pages/die-confirmation.page');
const dieCleaning = () => import('./pages/die-cleaning.page');

/**
 * The routes of spec 2.2 this area owns; base paths redirect to their list. Each needs the read
 * grant of its page, but for the share-link pages (`/:token`), which are open to guests (spec 6):
 * the shell signs the visitor in with the token to that one resource, shown read-only.
 */
export const ROUTES: readonly RemoteRoute[] = [
  ...screenRoutes({ route: '/apps/dies', page: 'dies' }, dieInventory),
  { path: '/apps/die/new', page: 'dies', load: dieCopyForm },
  { path: '/apps/die/:id', page: 'dies', load: dieCopyForm },
  ...screenRoutes(profileResource, profile),
  { path: '/apps/dieshop-settings', page: 'dies', load: dieshopSettings },
  { path: '/apps/dies/dieResume/:dieId', page: 'dies', load: dieSummary },
  shareRoute('/apps/dies/dieResume/:dieId/:token', { type: 'die-summary', param: 'dieId' }, dieSummary),
  ...screenRoutes({ route: '/apps/die_enlistment', page: 'die-preparation' }, dieEnlistment),
  ...screenRoutes({ route: '/apps/die-confirm-production', page: 'die-production-confirmation' }, dieConfirmation),
  ...screenRoutes({ route: '/apps/die-nitruring-confirm', page: 'die-nitriding' }, () => import('./pages/nitriding.page')),
  ...screenRoutes({ route: '/apps/die-cleaning', page: 'die-cleaning' }, dieCleaning),
  ...screenRoutes({ route: '/apps/herramental', page: 'tooling' }, tooling),
  { path: '/apps/corrector-kanban-board', page: 'corrector-board', load: () => import('./pages/corrector-board.page') },
  { path: '/apps/correction-kanban-board', page: 'correction-board', load: () => import('./pages/correction-board.page') },
  // The corrections (issue 14): the list and a new record before the record's own :id.
  { path: '/apps/correction-record', page: 'correction-records', redirectTo: '/apps/correction-record/all' },
  { path: '/apps/correction-record/all', page: 'correction-records', load: correctionRecordList },
  { path: '/apps/correction-record/new', page: 'correction-records', load: correctionRecordNew },
  { path: '/apps/correction-record/:id', page: 'correction-records', load: correctionRecord },
  shareRoute('/apps/correction-record/:id/:token', { type: 'correction-record', param: 'id' }, correctionRecord),
  { path: '/apps/correction-report/:id/:correctionId', page: 'correction-reports', load: correctionReport },
  shareRoute('/apps/correction-report/:id/:correctionId/:token', { type: 'correction-report', param: 'id' }, correctionReport),
  ...screenRoutes(correctionDefectResource, correctionCatalogue),
  ...screenRoutes(correctionOperationResource, correctionCatalogue),
  { path: '/apps/testCanvas/:id', page: 'die-drawing', load: () => import('./pages/correction-canvas.page') },
  { path: '/apps/ia-agent', page: 'smart-upload', redirectTo: '/apps/ia-agent/list' },
  // The upload agent (issue 15): the list, a new upload before a document's review at :id.
  { path: '/apps/ia-agent/list', page: 'smart-upload', load: () => import('./uploads/upload-list.page') },
  { path: '/apps/ia-agent/upload', page: 'smart-upload', redirectTo: '/apps/ia-agent/list' },
  { path: '/apps/ia-agent/upload/new', page: 'smart-upload', load: () => import('./uploads/upload-new.page') },
  { path: '/apps/ia-agent/upload/:id', page: 'smart-upload', load: () => import('./uploads/upload-review.page') },
];

/** What this remote hands the shell (exposed as `./module`). */
const remoteModule: RemoteModule = { name: 'mfe_dieshop', routes: ROUTES, navigation: DIESHOP_NAVIGATION, widgets: DIESHOP_WIDGETS };
export default remoteModule;
