import { authRoles } from '@planta/contracts';
import { NO_CHROME, remoteForPath } from '@planta/shell-contract';
import remoteModule, { ROUTES } from './module';

const route = (path: string) => ROUTES.find((candidate) => candidate.path === path);

describe('die shop routes (spec 2.2, 6)', () => {
  it('makes the three token pages share links to their one resource, open to guests, without the chrome', () => {
    expect(ROUTES.filter((candidate) => candidate.share).map(({ path, share, auth, settings }) => ({ path, share, auth, settings }))).toEqual([
      { path: '/apps/dies/dieResume/:dieId/:token', share: { type: 'die-summary', param: 'dieId' }, auth: authRoles.guest, settings: NO_CHROME },
      { path: '/apps/correction-record/:id/:token', share: { type: 'correction-record', param: 'id' }, auth: authRoles.guest, settings: NO_CHROME },
      {
        path: '/apps/correction-report/:id/:correctionId/:token',
        share: { type: 'correction-report', param: 'id' },
        auth: authRoles.guest,
        settings: NO_CHROME,
      },
    ]);
  });
  it('shows the same read-only page with and without the token; without it the page grant is needed', () => {
    for (const [plain, token, page] of [
      ['/apps/dies/dieResume/:dieId', '/apps/dies/dieResume/:dieId/:token', 'dies'],
      ['/apps/correction-record/:id', '/apps/correction-record/:id/:token', 'correction-records'],
      ['/apps/correction-report/:id/:correctionId', '/apps/correction-report/:id/:correctionId/:token', 'correction-reports'],
    ] as const) {
      expect(route(plain)).toMatchObject({ page });
      expect(route(plain)?.share).toBeUndefined();
      expect(route(plain)?.load).toBe(route(token)?.load);
    }
  });
});

describe('dieshop routes belong to this area', () => {
  it('are all addresses the shell knows to be this area’s', () => {
    for (const route of ROUTES) expect([route.path, remoteForPath(route.path)]).toEqual([route.path, 'mfe_dieshop']);
  });
});

describe('the upload agent (issue 15)', () => {
  it('has its list, a new upload before a document’s review, and the agent’s base going to the list', () => {
    const paths = ROUTES.filter((candidate) => candidate.path.startsWith('/apps/ia-agent')).map(({ path, page, redirectTo }) => [
      path,
      page,
      redirectTo ?? 'load',
    ]);
    expect(paths).toEqual([
      ['/apps/ia-agent', 'smart-upload', '/apps/ia-agent/list'],
      ['/apps/ia-agent/list', 'smart-upload', 'load'],
      ['/apps/ia-agent/upload', 'smart-upload', '/apps/ia-agent/list'],
      ['/apps/ia-agent/upload/new', 'smart-upload', 'load'],
      ['/apps/ia-agent/upload/:id', 'smart-upload', 'load'],
    ]);
  });
});

describe('dashboard widgets (issue 16)', () => {
  it('offers the dies and corrections to the indicators, my corrections and tomorrow’s dies to the welcome page', () => {
    expect(remoteModule.widgets?.map(({ id, dashboard, page }) => [id, dashboard, page])).toEqual([
      ['dieshop-dies', 'indicators', 'dies'],
      ['dieshop-corrections', 'indicators', 'correction-records'],
      ['dieshop-my-corrections', 'welcome', 'correction-records'],
      ['dieshop-tomorrow', 'welcome', 'die-preparation'],
    ]);
  });
  it('loads each widget’s component only when asked', async () => {
    for (const widget of remoteModule.widgets ?? []) expect(typeof (await widget.load()).default).toBe('function');
  });
});
