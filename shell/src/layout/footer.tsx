import { FluentProvider, Link, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { currentSettingsAtom } from '@planta/session';
import { fluentTheme } from './themes';

/** The technologies the portal is built with, named in the footer. */
export const TECHNOLOGIES = ['React', 'Fluent UI', 'Module Federation', 'NestJS', 'PostgreSQL'] as const;
/** The product's documentation: the API reference the server publishes. */
export const DOCUMENTATION_URL = '/api/docs';

const useStyles = makeStyles({
  themed: { display: 'contents' },
  footer: {
    minHeight: '48px',
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: '16px',
    padding: '8px 24px',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground2,
  },
  fixed: { position: 'sticky', bottom: 0, zIndex: 2 },
  spacer: { flex: 1 },
});

/** Spec 2.5 footer: product name, documentation link, technologies; static or fixed. */
export function Footer() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const settings = useAtomValue(currentSettingsAtom);
  const fixed = settings.layout.config.footer.style === 'fixed';
  return (
    <FluentProvider theme={fluentTheme(settings.theme.footer)} dir={settings.direction} className={styles.themed}>
      <footer className={mergeClasses(styles.footer, fixed && styles.fixed)} data-part="footer" data-style={fixed ? 'fixed' : 'static'}>
        <Text weight="semibold">{t('appName', 'Planta')}</Text>
        <Link href={DOCUMENTATION_URL} target="_blank" rel="noreferrer">
          {t('footer.documentation', 'Documentación')}
        </Link>
        <span className={styles.spacer} />
        <Text size={200}>
          {t('footer.technologies', 'Hecho con')} {TECHNOLOGIES.join(' · ')}
        </Text>
      </footer>
    </FluentProvider>
  );
}
