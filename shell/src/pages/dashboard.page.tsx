import { Title2 } from '@fluentui/react-components';
import { PAGES } from '@planta/contracts';
import { AreaLanding } from '@planta/ui';
import { useTranslation } from 'react-i18next';

/** The analytics ("Resumen de áreas") and indicators ("Indicadores clave") dashboards. */
export function DashboardPage({ kind }: { kind: 'analytics' | 'indicators' }) {
  const { t } = useTranslation('pages');
  const alias = kind === 'analytics' ? 'dashboards-analytics' : 'dashboards-indicators';
  const page = PAGES.find((candidate) => candidate.alias === alias)!;
  return (
    <>
      <Title2 as="h1" style={{ position: 'absolute', left: -9999 }}>{t(`${alias}.name`, page.name)}</Title2>
      <AreaLanding alias={alias} />
    </>
  );
}
