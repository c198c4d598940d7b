import { IndicatorsPage } from '../dashboards/indicators.page';
import { AreaSummaryPage } from './area-summary.page';

/** The analytics ("Resumen de áreas") and indicators ("Indicadores clave") dashboards. */
export function DashboardPage({ kind }: { kind: 'analytics' | 'indicators' }) {
  return kind === 'analytics' ? <AreaSummaryPage /> : <IndicatorsPage />;
}
