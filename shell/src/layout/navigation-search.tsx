import { Input, makeStyles, Text, tokens, Tooltip, useId } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { flattenNavigation, linkTarget, searchNavigation } from '@planta/shell-contract';
import { isPlaceholderCut, LAYERS, useFullTextTooltip } from '@planta/ui';
import { NavIcon } from './icons';
import { translateNavigation, useNavigationItems } from './nav-utils';

const useStyles = makeStyles({
  root: { position: 'relative', flex: '0 1 220px', minWidth: '120px' },
  // A placeholder wider than the box ends in an ellipsis (its full text on focus: see below).
  input: { width: '100%', minWidth: 0, '& input': { textOverflow: 'ellipsis' } },
  popup: {
    position: 'absolute',
    top: 'calc(100% + 4px)',
    insetInlineStart: 0,
    minWidth: '280px',
    // A popup of the toolbar: at least as high as the chrome when the toolbar itself is not sticky.
    zIndex: LAYERS.chrome,
    padding: '4px',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
  },
  list: { listStyle: 'none', margin: 0, padding: 0 },
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '8px',
    color: 'inherit',
    textDecoration: 'none',
    borderRadius: tokens.borderRadiusMedium,
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  empty: { display: 'block', padding: '8px', color: tokens.colorNeutralForeground3 },
});

/**
 * Spec 2.5 / 5 navigation search: suggestions among the items the user may open, the text
 * trimmed and accent-stripped, at most ten, each a link; 'Sin resultados' when nothing matches.
 * Shown only to someone with something to find: the same entries the menu offers them.
 */
export function NavigationSearch() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const listId = useId('navigation-search');
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // The placeholder's full text while the box is empty and too narrow for it: on hover and on focus (a tap, on a tablet).
  const placeholderTip = useFullTextTooltip(inputRef, () => isPlaceholderCut(inputRef.current), { anyFocus: true });
  const items = useNavigationItems();
  const translated = useMemo(() => translateNavigation(t, items), [t, items]);
  const [text, setText] = useState('');
  const results = useMemo(() => searchNavigation(translated, text), [translated, text]);
  // Nothing the person may open (a guest): no box that can only answer 'Sin resultados' (issue 37).
  const openable = useMemo(() => flattenNavigation(items).some((item) => item.url !== undefined), [items]);
  const searching = text.trim() !== '';
  const clear = () => setText('');
  const links = () => [...(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
  const moveFocus = (event: KeyboardEvent<HTMLElement>, step: 1 | -1) => {
    const all = links();
    if (all.length === 0) return;
    event.preventDefault();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    all[index === -1 ? (step === 1 ? 0 : all.length - 1) : (index + step + all.length) % all.length].focus();
  };

  if (!openable) return null;
  const placeholder = t('toolbar.search.placeholder', 'Busca una aplicación o página');
  return (
    <div role="search" className={styles.root}>
      <Tooltip
        content={placeholder}
        relationship="inaccessible"
        visible={placeholderTip.visible && text === ''}
        onVisibleChange={placeholderTip.onVisibleChange}
        positioning="below"
      >
        <Input
          className={styles.input}
          role="combobox"
          aria-label={t('toolbar.search.label', 'Buscar')}
          aria-autocomplete="list"
          aria-expanded={searching}
          aria-controls={searching ? listId : undefined}
          placeholder={placeholder}
          input={{ ref: inputRef }}
          contentBefore={<SearchRegular />}
          value={text}
          onChange={(_event, data) => setText(data.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') clear();
            else if (event.key === 'ArrowDown') moveFocus(event, 1);
            else if (event.key === 'Enter' && results[0]?.url) {
              const first = results[0];
              clear();
              if (first.type === 'link') window.open(first.url, linkTarget(first), 'noreferrer');
              else navigate(first.url!);
            }
          }}
        />
      </Tooltip>
      {searching ? (
        <div className={styles.popup}>
          {results.length > 0 ? (
            <ul
              ref={listRef}
              id={listId}
              role="listbox"
              className={styles.list}
              aria-label={t('toolbar.search.label', 'Buscar')}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown') moveFocus(event, 1);
                else if (event.key === 'ArrowUp') moveFocus(event, -1);
                else if (event.key === 'Escape') clear();
              }}
            >
              {results.map((item) => (
                <li key={item.id} role="option" aria-selected={false}>
                  {item.type === 'link' ? (
                    <a className={styles.link} href={item.url} target={linkTarget(item)} rel="noreferrer" onClick={clear}>
                      <NavIcon name={item.icon} />
                      {item.title}
                    </a>
                  ) : (
                    <Link className={styles.link} to={item.url!} onClick={clear}>
                      <NavIcon name={item.icon} />
                      {item.title}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <Text className={styles.empty} role="status">
              {t('toolbar.search.noResults', 'Sin resultados')}
            </Text>
          )}
        </div>
      ) : null}
    </div>
  );
}
