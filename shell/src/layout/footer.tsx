import { Link, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { authRoles, hasPermission } from '@planta/contracts';
import { currentSettingsAtom, userRolesAtom } from '@planta/session';
import { LAYERS } from '@planta/ui';
import { ThemedPart } from './themed-part';
import { SIDE_GUTTER_VAR } from './failure-report-button';
import { fluentTheme } from './themes';
import { SMALL_QUERY, useMediaQuery } from './use-media';

/** The technologies the portal is built with, named in the footer. */
export const TECHNOLOGIES = ['React', 'Fluent UI', 'Module Federation', 'NestJS', 'PostgreSQL'] as const;
/** The API reference the server publishes: for the administrators who connect other systems, not for plant staff. */
export const DOCUMENTATION_URL = '/api/docs';

const useStyles = makeStyles({
  footer: {
    minHeight: '48px',
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: '16px',
    padding: '8px 24px',
    // The side button's space (see failure-report-button.tsx).
    paddingInlineEnd: `calc(24px + var(${SIDE_GUTTER_VAR}, 0px))`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground2,
  },
  fixed: { position: 'sticky', bottom: 0, zIndex: LAYERS.chrome },
  // A phone keeps its height for the work: one short row, no technologies.
  phone: { minHeight: '32px', gap: '12px', paddingTop: '4px', paddingBottom: '4px', paddingInlineStart: '12px' },
  spacer: { flex: 1 },
});

/** Spec 2.5 footer: product name, the API documentation (administrators), technologies; static or fixed. */
export function Footer() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const settings = useAtomValue(currentSettingsAtom);
  const phone = useMediaQuery(SMALL_QUERY);
  const administrator = hasPermission(authRoles.admin, useAtomValue(userRolesAtom));
  // A fixed footer would keep a slice of a phone's height at all times: there it stays static.
  const fixed = settings.layout.config.footer.style === 'fixed' && !phone;
  return (
    <ThemedPart theme={fluentTheme(settings.theme.footer)} dir={settings.direction}>
      <footer className={mergeClasses(styles.footer, fixed && styles.fixed, phone && styles.phone)} data-part="footer" data-style={fixed ? 'fixed' : 'static'}>
        <Text weight="semibold">{t('appName', 'Planta')}</Text>
        {administrator ? (
          <Link href={DOCUMENTATION_URL} target="_blank" rel="noreferrer">
            {t('footer.documentation', 'Documentación de la API')}
          </Link>
        ) : null}
        {phone ? null : (
          <>
            <span className={styles.spacer} />
            <Text size={200}>
              {t('footer.technologies', 'Hecho con')} {TECHNOLOGIES.join(' · ')}
            </Text>
          </>
        )}
      </footer>
    </ThemedPart>
  );
}
