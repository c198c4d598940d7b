import { PAGES, type PageAlias } from '@planta/contracts';
import { useTranslation } from 'react-i18next';

/**
 * A page's name as its menu item reads it (shell:navigation.pages.<alias>, the catalogue's
 * Spanish name until the texts arrive): one key for the menu and the page's heading, so that
 * 'Nitrurado de matrices' in the menu opens a page headed 'Nitrurado de matrices'.
 */
export function usePageName(alias: PageAlias): string {
  const { t } = useTranslation('shell');
  const page = PAGES.find((candidate) => candidate.alias === alias);
  return t(`shell:navigation.pages.${alias}`, page?.name ?? alias);
}
