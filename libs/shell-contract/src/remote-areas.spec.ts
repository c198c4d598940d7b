import { remoteForPath } from './remote-areas';

describe('remoteForPath', () => {
  it('finds the owner of an address by whole path segments', () => {
    expect(remoteForPath('/apps/extrusion-line/all')).toBe('mfe_production');
    expect(remoteForPath('/apps/die/new')).toBe('mfe_dieshop');
    expect(remoteForPath('/apps/dies/dieResume/4/abc')).toBe('mfe_dieshop');
    expect(remoteForPath('/apps/page-role/all')).toBe('mfe_admin');
    expect(remoteForPath('/login')).toBe('mfe_auth');
  });
  it('does not match a mere prefix of a segment or shell addresses', () => {
    expect(remoteForPath('/apps/extrusion-lines')).toBeUndefined();
    expect(remoteForPath('/apps/dashboards/welcome')).toBeUndefined();
    expect(remoteForPath('/loginx')).toBeUndefined();
  });
});
