import { remoteOrigins, remotesMap } from './web-apps';

describe('remotes map', () => {
  it('points every remote at its build under /mfe/ by default', () => {
    expect(remotesMap({})).toEqual({
      mfe_auth: '/mfe/auth/mf-manifest.json',
      mfe_production: '/mfe/production/mf-manifest.json',
      mfe_maintenance: '/mfe/maintenance/mf-manifest.json',
      mfe_dieshop: '/mfe/dieshop/mf-manifest.json',
      mfe_admin: '/mfe/admin/mf-manifest.json',
    });
  });

  it('takes overrides per remote and all at once, the single one winning', () => {
    const map = remotesMap({
      PLANTA_REMOTES: JSON.stringify({ mfe_admin: 'https://admin.example/mf-manifest.json', mfe_dieshop: 'https://a.example/mf-manifest.json' }),
      PLANTA_REMOTE_MFE_DIESHOP: 'https://b.example:8443/dies/mf-manifest.json',
    });
    expect(map.mfe_admin).toBe('https://admin.example/mf-manifest.json');
    expect(map.mfe_dieshop).toBe('https://b.example:8443/dies/mf-manifest.json');
    expect(map.mfe_auth).toBe('/mfe/auth/mf-manifest.json');
    expect(remoteOrigins(map).sort()).toEqual(['https://admin.example', 'https://b.example:8443']);
  });
});
