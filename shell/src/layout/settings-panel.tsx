import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Field,
  makeStyles,
  OverlayDrawer,
  Select,
  Switch,
  Text,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular, SettingsRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, resolveLanguage } from '@planta/i18n';
import { currentSettingsAtom } from '@planta/session';
import { useChangeLanguage, useUpdateSettings } from './settings-state';
import { DARK_THEME, LIGHT_THEME, isDarkTheme } from './themes';

/** Spec 9: boxed content is 1120 or 1280 wide. */
export const BOXED_WIDTHS = [1120, 1280] as const;

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '12px', paddingBottom: '24px' },
  section: { marginTop: '8px', color: tokens.colorNeutralForeground2, fontWeight: tokens.fontWeightSemibold },
});

function Section({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return (
    <Text as="h3" size={300} className={styles.section}>
      {children}
    </Text>
  );
}

/**
 * Spec 2.5 / 3 / 4 settings: themes, layout style and sections, content width, direction,
 * animations and interface language. Every change applies at once and persists per user.
 */
export function SettingsPanel() {
  const styles = useStyles();
  const { t, i18n } = useTranslation('shell');
  const settings = useAtomValue(currentSettingsAtom);
  const update = useUpdateSettings();
  const changeLanguage = useChangeLanguage();
  const [open, setOpen] = useState(false);
  const config = settings.layout.config;
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  const themeSelect = (part: 'main' | 'navbar' | 'toolbar' | 'footer', label: string) => (
    <Field label={label}>
      <Select value={isDarkTheme(settings.theme[part]) ? DARK_THEME : LIGHT_THEME} onChange={(_event, data) => void update({ theme: { [part]: data.value } })}>
        <option value={LIGHT_THEME}>{t('settings.theme.light', 'Claro')}</option>
        <option value={DARK_THEME}>{t('settings.theme.dark', 'Oscuro')}</option>
      </Select>
    </Field>
  );

  return (
    <>
      <Button
        appearance="subtle"
        aria-label={t('settings.title', 'Configuración')}
        title={t('settings.open', 'Abrir configuración')}
        icon={<SettingsRegular />}
        onClick={() => setOpen(true)}
      />
      <OverlayDrawer
        open={open}
        onOpenChange={(_event, data) => setOpen(data.open)}
        position={settings.direction === 'rtl' ? 'start' : 'end'}
        aria-label={t('settings.title', 'Configuración')}
      >
        <DrawerHeader>
          <DrawerHeaderTitle
            action={
              <Button appearance="subtle" aria-label={t('settings.close', 'Cerrar configuración')} icon={<DismissRegular />} onClick={() => setOpen(false)} />
            }
          >
            {t('settings.title', 'Configuración')}
          </DrawerHeaderTitle>
        </DrawerHeader>
        <DrawerBody className={styles.body}>
          <Section>{t('settings.layout.title', 'Diseño')}</Section>
          <Field label={t('settings.layout.style', 'Estilo de diseño')}>
            <Select value={settings.layout.style} onChange={(_event, data) => void update({ layout: { style: data.value as typeof settings.layout.style } })}>
              <option value="layout1">{t('settings.layout.layout1', 'Diseño 1: navegación lateral vertical')}</option>
              <option value="layout2">{t('settings.layout.layout2', 'Diseño 2: encabezado de dos filas')}</option>
              <option value="layout3">{t('settings.layout.layout3', 'Diseño 3: navegación horizontal superior')}</option>
            </Select>
          </Field>
          <Field label={t('settings.mode.title', 'Ancho del contenido')}>
            <Select value={config.mode} onChange={(_event, data) => void update({ layout: { config: { mode: data.value } } })}>
              <option value="boxed">{t('settings.mode.boxed', 'Encuadrado')}</option>
              <option value="container">{t('settings.mode.container', 'Contenedor')}</option>
              <option value="fullwidth">{t('settings.mode.fullwidth', 'Ancho completo')}</option>
            </Select>
          </Field>
          {config.mode === 'boxed' ? (
            <Field label={t('settings.mode.boxedWidth', 'Ancho del encuadre')}>
              <Select
                value={String(config.containerWidth)}
                onChange={(_event, data) => void update({ layout: { config: { containerWidth: Number(data.value) } } })}
              >
                {BOXED_WIDTHS.map((width) => (
                  <option key={width} value={String(width)}>
                    {width} px
                  </option>
                ))}
              </Select>
            </Field>
          ) : null}
          <Field label={`${t('settings.toolbar.title', 'Barra de herramientas')}: ${t('settings.toolbar.position', 'Posición')}`}>
            <Select value={config.toolbar.position} onChange={(_event, data) => void update({ layout: { config: { toolbar: { position: data.value } } } })}>
              <option value="above">{t('settings.toolbar.above', 'Encima del contenido')}</option>
              <option value="below">{t('settings.toolbar.below', 'Debajo del encabezado')}</option>
            </Select>
          </Field>
          <Field label={`${t('settings.footer.title', 'Pie de página')}: ${t('settings.footer.style', 'Estilo')}`}>
            <Select value={config.footer.style} onChange={(_event, data) => void update({ layout: { config: { footer: { style: data.value } } } })}>
              <option value="static">{t('settings.footer.static', 'Estático')}</option>
              <option value="fixed">{t('settings.footer.fixed', 'Fijo')}</option>
            </Select>
          </Field>

          <Section>{t('settings.theme.title', 'Tema')}</Section>
          {themeSelect('main', t('settings.theme.main', 'Tema principal'))}
          {themeSelect('navbar', t('settings.theme.navbar', 'Tema de la barra de navegación'))}
          {themeSelect('toolbar', t('settings.theme.toolbar', 'Tema de la barra de herramientas'))}
          {themeSelect('footer', t('settings.theme.footer', 'Tema del pie de página'))}

          <Section>{t('languageMenu.label', 'Idioma')}</Section>
          <Field label={t('settings.language', 'Idioma de la interfaz')}>
            <Select value={language} onChange={(_event, data) => void changeLanguage(data.value)}>
              {LANGUAGES.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.title}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('settings.direction.title', 'Dirección del texto')}>
            <Select value={settings.direction} onChange={(_event, data) => void update({ direction: data.value === 'rtl' ? 'rtl' : 'ltr' })}>
              <option value="ltr">{t('settings.direction.ltr', 'De izquierda a derecha')}</option>
              <option value="rtl">{t('settings.direction.rtl', 'De derecha a izquierda')}</option>
            </Select>
          </Field>
          <Switch
            label={`${t('settings.animations.title', 'Animaciones')}: ${settings.animations ? t('settings.animations.on', 'Activadas') : t('settings.animations.off', 'Desactivadas')}`}
            checked={settings.animations}
            onChange={(_event, data) => void update({ animations: data.checked })}
          />
        </DrawerBody>
      </OverlayDrawer>
    </>
  );
}
