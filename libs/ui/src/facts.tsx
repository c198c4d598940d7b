import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: '16px', rowGap: '4px', margin: 0 },
  entry: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground3, margin: 0 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

/** Label and value pairs of a record, read-only: a record's detail, a list row as a card on a phone. */
export function Facts({ items, className }: { items: readonly (readonly [string, ReactNode])[]; className?: string }) {
  const styles = useStyles();
  return (
    <dl className={mergeClasses(styles.facts, className)}>
      {items.map(([term, value]) => (
        <div key={term} className={styles.entry}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
