import { makeStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  box: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', top: '-6px', insetInlineEnd: '-8px', display: 'inline-flex', pointerEvents: 'none' },
});

/**
 * A toolbar icon with its badge (unread count, dot) on its corner. Given as the button's icon,
 * so the button stays icon-only: a badge passed as the button's content made it a text button
 * and left the badge floating 40 px from its icon.
 */
export function BadgedIcon({ icon, badge }: { icon: ReactNode; badge: ReactNode }) {
  const styles = useStyles();
  return (
    <span className={styles.box}>
      {icon}
      {badge ? <span className={styles.badge}>{badge}</span> : null}
    </span>
  );
}
