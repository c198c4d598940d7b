import { remoteForPath } from '@planta/shell-contract';
import remoteModule, { ROUTES } from './module';

describe('maintenance routes belong to this area', () => {
  it('are all addresses the shell knows to be this area’s', () => {
    for (const route of ROUTES) expect([route.path, remoteForPath(route.path)]).toEqual([route.path, 'mfe_maintenance']);
  });
});

describe('dashboard widgets (issue 16)', () => {
  it('offers the reliability and work figures to the indicators and my work orders to the welcome page', () => {
    expect(remoteModule.widgets?.map(({ id, dashboard, page, display }) => [id, dashboard, page, display === true])).toEqual([
      ['maintenance-reliability', 'indicators', 'maintenance-dashboard', true],
      ['maintenance-work', 'indicators', 'maintenance-dashboard', false],
      ['maintenance-my-work-orders', 'welcome', 'corrective-maintenance', false],
    ]);
  });
  it('loads each widget’s component only when asked', async () => {
    for (const widget of remoteModule.widgets ?? []) expect(typeof (await widget.load()).default).toBe('function');
  });
});
