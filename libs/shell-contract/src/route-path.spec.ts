import { isSameOrBelow, matchPath, normalizePathname } from './route-path';

describe('route paths', () => {
  it('normalizes', () => {
    expect(normalizePathname('/apps/dies/all/?q=1#top')).toBe('/apps/dies/all');
    expect(normalizePathname('/')).toBe('/');
    expect(normalizePathname('')).toBe('/');
  });
  it('matches patterns with params', () => {
    expect(matchPath('/apps/dies/:id', '/apps/dies/all')).toBe(true);
    expect(matchPath('/apps/dies/:id', '/apps/dies')).toBe(false);
    expect(matchPath('/apps/dies/:id', '/apps/dies/1/2')).toBe(false);
    expect(matchPath('/apps/academy/courses/:courseId/:courseHandle?', '/apps/academy/courses/3')).toBe(true);
    expect(matchPath('/apps/maintenance-kanban-board', '/apps/maintenance-kanban-board/')).toBe(true);
    expect(matchPath('/login', '/logout')).toBe(false);
  });
  it('tells whether a path lies below a base', () => {
    expect(isSameOrBelow('/apps/dies', '/apps/dies/4')).toBe(true);
    expect(isSameOrBelow('/apps/dies', '/apps/diesel')).toBe(false);
    expect(isSameOrBelow('/', '/anything')).toBe(true);
  });
});
