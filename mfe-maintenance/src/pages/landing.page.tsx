import type { PageAlias } from '@planta/contracts';
import { AreaLanding } from '@planta/ui';

/** A page component for one screen of this area, loaded only when the route is visited. */
export function landingFor(alias: PageAlias) {
  const Landing = () => <AreaLanding alias={alias} />;
  Landing.displayName = `Landing(${alias})`;
  return Landing;
}
