import { Button, makeStyles, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { MENU_LANGUAGES, resolveLanguage } from '@planta/i18n';
import { FlagIcon } from './flag-icon';
import { useChangeLanguage } from './settings-state';

const useStyles = makeStyles({
  // A flag and two letters: no need for a button's default minimum width in a crowded toolbar.
  trigger: { minWidth: 'auto' },
});

/** Spec 1 language menu: Español and English; choosing one sets the language and the direction. */
export function LanguageMenu() {
  const styles = useStyles();
  const { t, i18n } = useTranslation('shell');
  const changeLanguage = useChangeLanguage();
  const current = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  const shown = MENU_LANGUAGES.find((language) => language.id === current);
  return (
    <Menu
      checkedValues={{ language: [current] }}
      onCheckedValueChange={(_event, data) => {
        const [language] = data.checkedItems;
        if (language) void changeLanguage(language);
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          className={styles.trigger}
          // The name starts with what the button shows ('ES'), so that speech input ('click ES') finds it.
          aria-label={`${current.toUpperCase()} – ${t('languageMenu.label', 'Idioma')}`}
          title={t('languageMenu.change', 'Cambiar idioma')}
          icon={shown ? <FlagIcon code={shown.flag} /> : undefined}
        >
          {current.toUpperCase()}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {MENU_LANGUAGES.map((language) => (
            <MenuItemRadio key={language.id} name="language" value={language.id} icon={<FlagIcon code={language.flag} />}>
              {language.title}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
