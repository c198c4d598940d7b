import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { isUnderPath, linkTarget, type NavigationItem } from '@planta/shell-contract';
import { TruncatedText } from '@planta/ui';
import { NavIcon } from './icons';
import { navigationTitle } from './nav-utils';
import { TOUCH_QUERY } from './use-media';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0 },
  group: { padding: '16px 16px 4px', fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightSemibold, textTransform: 'uppercase', opacity: 0.7 },
  entry: {
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    minHeight: '40px',
    padding: '0 16px',
    color: 'inherit',
    textDecoration: 'none',
    border: 'none',
    background: 'transparent',
    // The indent is inside the menu's width: a link (content-box) grew past the panel by its
    // padding, and its long label was clipped by the panel's edge instead of ending in an ellipsis.
    width: '100%',
    boxSizing: 'border-box',
    font: 'inherit',
    cursor: 'pointer',
    borderRadius: tokens.borderRadiusMedium,
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    // A finger's 44 px on tablets (touch-targets.styles.ts covers Fluent's controls).
    [`@media ${TOUCH_QUERY}`]: { minHeight: '44px' },
  },
  active: { backgroundColor: tokens.colorSubtleBackgroundSelected, fontWeight: tokens.fontWeightSemibold },
  label: { flex: 1, textAlign: 'start' },
  // The folded rail (64 px) is one column of icons: every level's icon centred in it, none cut.
  folded: { justifyContent: 'center', paddingLeft: 0, paddingRight: 0 },
  badge: { borderRadius: '8px', padding: '0 6px', fontSize: tokens.fontSizeBase100 },
});

/** Spec 9: nested items indent 40 + 16 × level, at most 80; none in the folded rail, whose icons stand in one column. */
const indent = (level: number, folded = false) => (folded ? undefined : level === 0 ? 16 : Math.min(40 + 16 * (level - 1), 80));

function Entry({ item, level, folded, onChoose }: { item: NavigationItem; level: number; folded: boolean; onChoose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const location = useLocation();
  const title = navigationTitle(t, item);
  const under = item.type === 'collapse' && isUnderPath(item, location.pathname);
  const [open, setOpen] = useState(under);
  // Spec 2.3: a collapse opens by itself when the path moves under one of its children.
  useEffect(() => {
    if (under) setOpen(true);
  }, [under]);
  // A long title ends in an ellipsis, its full text on hover, focus and a long press; folded, the icon's name is its title.
  const label = folded ? null : <TruncatedText text={title} className={styles.label} positioning="after" />;
  const entryClass = mergeClasses(styles.entry, folded && styles.folded);
  const named = folded ? { title, 'aria-label': title } : {};
  const badge =
    item.badge && !folded ? (
      <span className={styles.badge} style={{ background: item.badge.bg, color: item.badge.fg }}>
        {item.badge.title}
      </span>
    ) : null;

  if (item.type === 'divider') return <li role="separator" style={{ borderTop: `1px solid ${tokens.colorNeutralStroke2}`, margin: '8px 0' }} />;
  if (item.type === 'group') {
    return (
      <li>
        {folded ? null : <div className={styles.group}>{title}</div>}
        <NavigationTree items={item.children ?? []} level={level} folded={folded} onChoose={onChoose} />
      </li>
    );
  }
  if (item.type === 'collapse') {
    return (
      <li>
        <button
          type="button"
          className={entryClass}
          style={{ paddingInlineStart: indent(level, folded) }}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          {...named}
        >
          <NavIcon name={item.icon} />
          {label}
          {folded ? null : open ? <ChevronDownRegular aria-hidden /> : <ChevronRightRegular aria-hidden />}
        </button>
        {open ? <NavigationTree items={item.children ?? []} level={level + 1} folded={folded} onChoose={onChoose} /> : null}
      </li>
    );
  }
  if (item.type === 'link') {
    return (
      <li>
        <a
          className={entryClass}
          style={{ paddingInlineStart: indent(level, folded) }}
          href={item.url}
          target={linkTarget(item)}
          rel="noreferrer"
          onClick={onChoose}
          {...named}
        >
          <NavIcon name={item.icon} />
          {label}
          {badge}
        </a>
      </li>
    );
  }
  return (
    <li>
      <NavLink
        to={item.url ?? '#'}
        end={item.exact}
        className={({ isActive }) => mergeClasses(entryClass, isActive && styles.active)}
        style={{ paddingInlineStart: indent(level, folded) }}
        onClick={onChoose}
        {...named}
      >
        <NavIcon name={item.icon} />
        {label}
        {badge}
      </NavLink>
    </li>
  );
}

/** The role-filtered navigation tree (spec 2.3). */
export function NavigationTree({
  items,
  level = 0,
  folded = false,
  onChoose = () => undefined,
}: {
  items: readonly NavigationItem[];
  level?: number;
  folded?: boolean;
  onChoose?: () => void;
}) {
  const styles = useStyles();
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <Entry key={item.id} item={item} level={level} folded={folded} onChoose={onChoose} />
      ))}
    </ul>
  );
}
