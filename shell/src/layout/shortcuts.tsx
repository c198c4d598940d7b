import { Button, Input, makeStyles, mergeClasses, Popover, PopoverSurface, PopoverTrigger, Text, tokens, Tooltip } from '@fluentui/react-components';
import { SearchRegular, StarFilled, StarRegular } from '@fluentui/react-icons';
import { useAtomValue, useStore } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { flattenNavigation, searchNavigation, type NavigationItem } from '@planta/shell-contract';
import { errorMessage, updateUser, userAtom } from '@planta/session';
import { showSnackbar } from '@planta/ui';
import { NavIcon } from './icons';
import { translateNavigation, useNavigationItems } from './nav-utils';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: '2px' },
  vertical: { flexDirection: 'column', gap: '8px' },
  quick: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '36px',
    height: '36px',
    borderRadius: tokens.borderRadiusMedium,
    color: 'inherit',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
  },
  surface: { width: '320px', display: 'flex', flexDirection: 'column', gap: '8px' },
  list: { listStyle: 'none', margin: 0, padding: 0, maxHeight: '320px', overflowY: 'auto' },
  row: { display: 'flex', alignItems: 'center', gap: '8px', minHeight: '36px' },
  rowLink: { flex: 1, display: 'flex', alignItems: 'center', gap: '8px', color: 'inherit', textDecoration: 'none' },
  empty: { color: tokens.colorNeutralForeground3, padding: '8px 0' },
});

/** The navigation items (translated) the user may open, and those of them chosen as shortcuts (spec 3: item ids). */
export function useShortcutItems() {
  const { t } = useTranslation('shell');
  const user = useAtomValue(userAtom);
  const items = useNavigationItems();
  const translated = useMemo(() => translateNavigation(t, items), [t, items]);
  const chosen = useMemo(() => {
    const flat = flattenNavigation(translated);
    return user.data.shortcuts.flatMap((id) => flat.filter((item) => item.id === id && item.url).slice(0, 1));
  }, [translated, user.data.shortcuts]);
  return { translated, chosen, ids: user.data.shortcuts, signedIn: user.role.length > 0 };
}

/** Quick links the toolbar shows at most (the star lists them all): more would push the user menu off a 1366 px screen. */
export const TOOLBAR_LINKS = 6;

/** The chosen shortcuts as quick links (the toolbar's row, or layout 3's side panel column). */
export function ShortcutLinks({ vertical = false }: { vertical?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const { chosen, signedIn } = useShortcutItems();
  if (!signedIn || chosen.length === 0) return null;
  return (
    <div role="group" aria-label={t('toolbar.shortcuts.title', 'Accesos directos')} className={mergeClasses(styles.bar, vertical && styles.vertical)}>
      {(vertical ? chosen : chosen.slice(0, TOOLBAR_LINKS)).map((item) => (
        <Tooltip key={item.id} content={item.title} relationship="description" positioning={vertical ? 'after' : 'below'}>
          <Link to={item.url!} className={styles.quick} aria-label={item.title}>
            <NavIcon name={item.icon} />
          </Link>
        </Tooltip>
      ))}
    </div>
  );
}

function ShortcutRow({ item, chosen, onToggle, onOpen }: { item: NavigationItem; chosen: boolean; onToggle: () => void; onOpen: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  return (
    <li className={styles.row}>
      <Link to={item.url!} className={styles.rowLink} onClick={onOpen}>
        <NavIcon name={item.icon} />
        <span>{item.title}</span>
      </Link>
      <Button
        appearance="subtle"
        size="small"
        aria-pressed={chosen}
        aria-label={`${chosen ? t('toolbar.shortcuts.remove', 'Quitar acceso directo') : t('toolbar.shortcuts.add', 'Agregar acceso directo')}: ${item.title}`}
        icon={chosen ? <StarFilled /> : <StarRegular />}
        onClick={onToggle}
      />
    </li>
  );
}

/** Spec 2.5 shortcut stars: quick links, and a star popover with a search box to add or remove items. */
export function Shortcuts({ links = true }: { links?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const store = useStore();
  const { translated, chosen, ids, signedIn } = useShortcutItems();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  // Nothing to star (a guest, whose grants open no page): no star that leads nowhere (issue 37).
  if (!signedIn || translated.length === 0) return null;

  const toggle = async (id: string) => {
    const user = store.get(userAtom);
    const previous = user.data.shortcuts;
    const shortcuts = previous.includes(id) ? previous.filter((entry) => entry !== id) : [...previous, id];
    store.set(userAtom, { ...user, data: { ...user.data, shortcuts } });
    try {
      await updateUser({ shortcuts });
    } catch (error) {
      const now = store.get(userAtom);
      store.set(userAtom, { ...now, data: { ...now.data, shortcuts: previous } });
      showSnackbar({ message: errorMessage(error), variant: 'error' });
    }
  };
  const query = text.trim();
  const rows = query ? searchNavigation(translated, query) : chosen;
  const close = () => {
    setOpen(false);
    setText('');
  };

  return (
    <div className={styles.bar}>
      {links ? <ShortcutLinks /> : null}
      <Popover open={open} onOpenChange={(_event, data) => (data.open ? setOpen(true) : close())} trapFocus positioning="below-start">
        <PopoverTrigger disableButtonEnhancement>
          <Button appearance="subtle" icon={<StarRegular />} aria-label={t('toolbar.shortcuts.title', 'Accesos directos')} />
        </PopoverTrigger>
        <PopoverSurface className={styles.surface}>
          <Input
            aria-label={t('toolbar.shortcuts.searchPlaceholder', 'Busca una aplicación o página')}
            placeholder={t('toolbar.shortcuts.searchPlaceholder', 'Busca una aplicación o página')}
            contentBefore={<SearchRegular />}
            value={text}
            onChange={(_event, data) => setText(data.value)}
          />
          {rows.length > 0 ? (
            <ul className={styles.list}>
              {rows.map((item) => (
                <ShortcutRow key={item.id} item={item} chosen={ids.includes(item.id)} onToggle={() => void toggle(item.id)} onOpen={close} />
              ))}
            </ul>
          ) : (
            <Text className={styles.empty}>
              {query ? t('toolbar.shortcuts.noResults', 'Sin resultados') : t('toolbar.shortcuts.empty', 'Todavía no tienes accesos directos')}
            </Text>
          )}
        </PopoverSurface>
      </Popover>
    </div>
  );
}
