import { RESOURCES } from './index';
import { RESOURCE_PLACES, resourceRoutesOf } from './resource-places';

describe('resource places', () => {
  it.each(RESOURCES.map((resource) => [resource.name, resource] as const))('%s takes its area and address from its place', (name, resource) => {
    const place = RESOURCE_PLACES[name as keyof typeof RESOURCE_PLACES];
    expect(place).toBeDefined();
    expect({ area: resource.area, route: resource.route }).toEqual(place);
  });

  it('has a place for declared resources only', () => {
    expect(Object.keys(RESOURCE_PLACES).sort()).toEqual(RESOURCES.map((resource) => resource.name).sort());
  });

  it('gives each area its resources’ addresses', () => {
    expect(resourceRoutesOf('production')).toEqual(RESOURCES.filter((resource) => resource.area === 'production').map((resource) => resource.route));
    expect(resourceRoutesOf('dieshop')).toContain('/apps/profile');
    expect(resourceRoutesOf('maintenance')).toEqual([]);
  });
});
