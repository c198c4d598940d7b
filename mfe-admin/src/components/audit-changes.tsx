import { Caption1, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@planta/contracts';
import '../i18n';

const useStyles = makeStyles({
  before: { color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
  after: { color: tokens.colorPaletteGreenForeground1, overflowWrap: 'anywhere' },
  field: { fontWeight: tokens.fontWeightSemibold },
});

/** The names of the fields an entry touched, in a stable order. */
export const changedFields = (entry: Pick<AuditEntry, 'before' | 'after'>): string[] =>
  [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])].sort();

/** A stored value as a person reads it. */
export function useAuditValue() {
  const { t } = useTranslation('admin');
  return (value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('audit.empty_value');
    if (typeof value === 'boolean') return value ? t('audit.yes') : t('audit.no');
    if (Array.isArray(value)) return value.length === 0 ? t('audit.empty_value') : value.map(String).join(', ');
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };
}

/** An entry's values before and after, field by field. */
export function AuditChanges({ entry }: { entry: Pick<AuditEntry, 'before' | 'after'> }) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const show = useAuditValue();
  const fields = changedFields(entry);
  if (fields.length === 0) return <Caption1>{t('audit.noChanges')}</Caption1>;
  return (
    <Table size="small" aria-label={t('audit.columns.changes')}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('audit.field')}</TableHeaderCell>
          {entry.before ? <TableHeaderCell>{t('audit.before')}</TableHeaderCell> : null}
          {entry.after ? <TableHeaderCell>{t('audit.after')}</TableHeaderCell> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {fields.map((field) => (
          <TableRow key={field}>
            <TableCell className={styles.field}>{t(`audit.fields.${field}`, { defaultValue: field })}</TableCell>
            {entry.before ? <TableCell className={styles.before}>{show(entry.before[field])}</TableCell> : null}
            {entry.after ? <TableCell className={styles.after}>{show(entry.after[field])}</TableCell> : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
