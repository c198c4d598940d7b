import { makeStyles, tokens } from '@fluentui/react-components';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYERS } from '@planta/ui';

/** The id of the layout's <main>, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

const useStyles = makeStyles({
  link: {
    position: 'fixed',
    top: '8px',
    insetInlineStart: '8px',
    zIndex: LAYERS.panel,
    padding: '12px 16px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontWeight: tokens.fontWeightSemibold,
    textDecoration: 'none',
    // Off screen until focused (the first Tab of a page), then shown above the chrome; its shadow
    // only then, or it would peek in at the top edge.
    transform: 'translateY(calc(-100% - 16px))',
    ':focus': { transform: 'none', boxShadow: tokens.shadow16, outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

/** 'Saltar al contenido': the first focusable element of every page with chrome; moves focus to <main>. */
export function SkipLink() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    // Focus, not the URL fragment: the router owns the address and the fragment would stay in it.
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={styles.link} onClick={skip} data-part="skip-link">
      {t('skipLink', 'Saltar al contenido')}
    </a>
  );
}
