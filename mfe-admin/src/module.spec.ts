import { remoteForPath } from '@planta/shell-contract';
import { ROUTES } from './module';

describe('admin routes belong to this area', () => {
  it('are all addresses the shell knows to be this area’s', () => {
    for (const route of ROUTES) expect([route.path, remoteForPath(route.path)]).toEqual([route.path, 'mfe_admin']);
  });
});
