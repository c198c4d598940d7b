import { Card, Text, Title2, tokens } from '@fluentui/react-components';
import { PAGES, type PageAlias } from '@planta/contracts';
import { useTranslation } from 'react-i18next';
import { usePageName } from './page-name';

/**
 * The landing page of a screen whose working lists arrive later: it says plainly what the
 * screen will hold. No data is shown, so none is invented. The title is the navigation title
 * (shell:navigation.pages.<alias>), the description comes from the pages namespace; both fall
 * back to the Spanish catalogue of @planta/contracts.
 */
export function AreaLanding({ alias }: { alias: PageAlias }) {
  const { t } = useTranslation(['pages', 'shell', 'common']);
  const page = PAGES.find((candidate) => candidate.alias === alias)!;
  const pageName = usePageName(alias);
  return (
    <section aria-labelledby={`landing-${alias}`} style={{ padding: 24, display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Title2 as="h1" id={`landing-${alias}`}>
        {pageName}
      </Title2>
      <Card style={{ maxWidth: 720 }}>
        <Text>{t(`pages:${alias}.description`, page.description)}</Text>
        <Text style={{ color: tokens.colorNeutralForeground3 }}>
          {t('common:landing.soon', 'Esta pantalla se habilitará próximamente; aquí verás los datos de tu empresa.')}
        </Text>
      </Card>
    </section>
  );
}
