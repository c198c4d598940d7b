import { Badge, makeStyles, Subtitle2, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dieEndpoints, dieLabel, type DieCopy } from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { i18nKey, useFormat } from '@planta/ui';
import { registerDieshopTexts } from '../i18n';
import { profileTexts } from '../i18n/profile.texts';

registerDieshopTexts(profileTexts);

/** How many copies the profile's page lists (the inventory, filtered by profile, has them all). */
const SHOWN = 50;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '12px' },
  tableWrap: { overflowX: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  hint: { color: tokens.colorNeutralForeground3 },
});

const DUE_COLOURS = { ok: 'success', soon: 'warning', overdue: 'danger' } as const;

/** The die copies of a profile (`GET /api/die/all?profile_id=`), each opening its die summary. */
export function ProfileCopies({ profileId }: { profileId: number }) {
  const { t } = useTranslation('dieshop');
  const styles = useStyles();
  const format = useFormat();
  const [copies, setCopies] = useState<{ items: DieCopy[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    call(dieEndpoints.all, { query: { profile_id: profileId, pageSize: SHOWN, sort: 'die_reference' } }, { signal: controller.signal }).then(
      (page) => setCopies(page),
      (failure: unknown) => !controller.signal.aborted && setError(errorMessage(failure)),
    );
    return () => controller.abort();
  }, [profileId]);

  const text = (key: string, values?: Record<string, unknown>) => t(`profile.copies.${key}`, values);
  return (
    <section className={styles.section} aria-labelledby="profile-copies-title">
      <Subtitle2 as="h2" id="profile-copies-title">
        {text('title')}
      </Subtitle2>
      {error ? <Text>{error}</Text> : null}
      {copies && copies.items.length === 0 ? <Text className={styles.hint}>{text('empty')}</Text> : null}
      {copies && copies.items.length > 0 ? (
        <div className={styles.tableWrap}>
          <Table aria-labelledby="profile-copies-title" size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{text('die')}</TableHeaderCell>
                <TableHeaderCell>{text('state')}</TableHeaderCell>
                <TableHeaderCell>{text('location')}</TableHeaderCell>
                <TableHeaderCell>{text('kgTotal')}</TableHeaderCell>
                <TableHeaderCell>{text('nitriding')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {copies.items.map((die) => (
                <TableRow key={die.id}>
                  <TableCell>
                    <Link to={`/apps/dies/dieResume/${die.id}`}>{dieLabel(die)}</Link>
                  </TableCell>
                  <TableCell>{t(`enums.dieState.${i18nKey(die.state)}`)}</TableCell>
                  <TableCell>{die.location || '—'}</TableCell>
                  <TableCell>{format.number(die.kg_total, 0)}</TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={DUE_COLOURS[die.nitriding.due]}>
                      {t(`enums.nitridingDue.${i18nKey(die.nitriding.due)}`)}
                    </Badge>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
      {copies && copies.total > copies.items.length ? (
        <Text className={styles.hint}>{text('more', { shown: copies.items.length, total: copies.total })}</Text>
      ) : null}
    </section>
  );
}
