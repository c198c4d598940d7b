import { Button, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { MENU_LANGUAGES, resolveLanguage } from '@planta/i18n';
import { useChangeLanguage } from './settings-state';

/** The emoji flag of an ISO 3166-1 alpha-2 code ('es' → 🇪🇸, 'us' → 🇺🇸). */
export function flagEmoji(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

/** Spec 1 language menu: Español and English; choosing one sets the language and the direction. */
export function LanguageMenu() {
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
        <Button appearance="subtle" aria-label={t('languageMenu.label', 'Idioma')} title={t('languageMenu.change', 'Cambiar idioma')}>
          <span aria-hidden>{shown ? flagEmoji(shown.flag) : ''}</span>&nbsp;{current.toUpperCase()}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {MENU_LANGUAGES.map((language) => (
            <MenuItemRadio key={language.id} name="language" value={language.id} icon={<span aria-hidden>{flagEmoji(language.flag)}</span>}>
              {language.title}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
