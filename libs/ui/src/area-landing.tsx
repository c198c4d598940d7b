import { Card, Text, Title2, tokens } from '@fluentui/react-components';
import { PAGES, type PageAlias } from '@planta/contracts';
import { useTranslation } from 'react-i18next';

/**
 * The landing page of a screen whose working lists arrive later: it says plainly what the
 * screen will hold. No data is shown, so none is invented.
 */
export function AreaLanding({ alias }: { alias: PageAlias }) {
  const { t } = useTranslation(['pages', 'common']);
  const page = PAGES.find((candidate) => candidate.alias === alias)!;
  return (
    <section aria-labelledby={`landing-${alias}`} style={{ padding: 24, display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Title2 id={`landing-${alias}`}>{t(`pages:${alias}.name`, page.name)}</Title2>
      <Card style={{ maxWidth: 720 }}>
        <Text>{t(`pages:${alias}.description`, page.description)}</Text>
        <Text style={{ color: tokens.colorNeutralForeground3 }}>
          {t('common:landing.soon', 'Esta pantalla se habilitará próximamente; aquí verás los datos de tu empresa.')}
        </Text>
      </Card>
    </section>
  );
}
