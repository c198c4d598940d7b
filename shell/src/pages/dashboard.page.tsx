import { AreaLanding } from '@planta/ui';

/** The analytics ("Resumen de áreas") and indicators ("Indicadores clave") dashboards. */
export function DashboardPage({ kind }: { kind: 'analytics' | 'indicators' }) {
  return <AreaLanding alias={kind === 'analytics' ? 'dashboards-analytics' : 'dashboards-indicators'} />;
}
