import { PAGES, PRODUCTION_INDICATORS_PAGE } from '@planta/contracts';
import { DASHBOARD_NAMES } from '@planta/shell-contract';
import remoteModule from '../module';
import { PRODUCTION_WIDGETS } from './production-widgets';

describe('production widgets', () => {
  it('are offered by the remote, each once, named after the area, for a dashboard and a page of the catalogue', () => {
    expect(remoteModule.widgets).toBe(PRODUCTION_WIDGETS);
    const ids = PRODUCTION_WIDGETS.map((widget) => widget.id);
    expect(ids).toEqual(['production-oee', 'production-output', 'production-checks', 'production-trend', 'production-pareto', 'production-my-extrusion']);
    for (const widget of PRODUCTION_WIDGETS) {
      expect(DASHBOARD_NAMES).toContain(widget.dashboard);
      expect(PAGES.map((page) => page.alias)).toContain(widget.page);
      expect(widget.title).not.toBe('');
    }
    expect(PRODUCTION_WIDGETS.filter((widget) => widget.dashboard === 'indicators').every((widget) => widget.page === PRODUCTION_INDICATORS_PAGE)).toBe(true);
    expect(PRODUCTION_WIDGETS.filter((widget) => widget.display).map((widget) => widget.id)).toEqual(['production-oee']);
  });

  it('load a component each', async () => {
    for (const widget of PRODUCTION_WIDGETS) expect(typeof (await widget.load()).default).toBe('function');
  });
});
