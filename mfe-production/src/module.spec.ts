import { remoteForPath } from '@planta/shell-contract';
import { ROUTES } from './module';

describe('production routes', () => {
  it('are all addresses the shell knows to be this area’s (so a fresh load of any of them waits for this remote)', () => {
    for (const route of ROUTES) expect([route.path, remoteForPath(route.path)]).toEqual([route.path, 'mfe_production']);
  });
});
