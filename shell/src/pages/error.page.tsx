import { Button, Text, Title1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HOME } from '../routing/shell-routes';

/** The 404 and 500 pages (spec 2.2). */
export function ErrorPage({ code }: { code: 404 | 500 }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const texts =
    code === 404
      ? { title: t('errors.notFound.title', 'Página no encontrada'), text: t('errors.notFound.text', 'La dirección que buscas no existe o fue movida.') }
      : {
          title: t('errors.serverError.title', 'Algo salió mal'),
          text: t('errors.serverError.text', 'Ocurrió un error en el servidor. Inténtalo de nuevo en unos minutos.'),
        };
  return (
    <section
      style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 16, padding: 24, textAlign: 'center' }}
    >
      <Text size={900} weight="bold" aria-hidden>
        {code}
      </Text>
      <Title1 as="h1">{texts.title}</Title1>
      <Text>{texts.text}</Text>
      <Button appearance="primary" onClick={() => navigate(HOME)}>
        {t('errors.back', 'Volver al inicio')}
      </Button>
    </section>
  );
}
