import { Card, Text, Title1, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { userAtom } from '@planta/session';

/** The welcome dashboard: greets the user by name. */
export function WelcomePage() {
  const { t } = useTranslation('shell');
  const user = useAtomValue(userAtom);
  return (
    <section style={{ padding: 24, display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Title1>{t('welcome.greeting', { name: user.data.displayName, defaultValue: `Hola, ${user.data.displayName}` })}</Title1>
      <Card style={{ maxWidth: 720 }}>
        <Text style={{ color: tokens.colorNeutralForeground2 }}>
          {t('welcome.intro', 'Desde aquí llegas a la producción, el mantenimiento y la matricería de tu planta.')}
        </Text>
      </Card>
    </section>
  );
}
