import { makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { correctionReportRoute, type DieSummaryCorrection } from '@planta/contracts';
import { useFormat } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { correctionTexts } from '../i18n/correction.texts';
import { dieSummaryTexts } from '../i18n/die-summary.texts';
import { correctionRecordPath } from '../pages/correction.model';
import { CorrectionStatusBadge, EffectivenessBadge, TrialResultBadge } from './correction-badges';

registerDieshopTexts(correctionTexts);
registerDieshopTexts(dieSummaryTexts);

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  defect: { display: 'flex', flexDirection: 'column' },
  attempts: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, margin: 0, padding: 0, listStyleType: 'none' },
  attempt: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

/**
 * The die summary's corrections (domain.md A2.3): each record with its attempts, each attempt's
 * trial and the record's effect, linking to the record and each report. A share link opens the
 * die only: nothing is linked there.
 */
export function DieCorrections({ corrections, shared }: { corrections: readonly DieSummaryCorrection[]; shared: boolean }) {
  const { t } = useTranslation(DIESHOP_NS);
  const styles = useStyles();
  const format = useFormat();
  return (
    <div className={styles.scroll}>
      <Table aria-label={t('dieSummary.corrections')} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('correction.fields.number')}</TableHeaderCell>
            <TableHeaderCell>{t('correction.fields.defect')}</TableHeaderCell>
            <TableHeaderCell>{t('correction.fields.status')}</TableHeaderCell>
            <TableHeaderCell>{t('correction.fields.openedAt')}</TableHeaderCell>
            <TableHeaderCell>{t('correction.fields.closedAt')}</TableHeaderCell>
            <TableHeaderCell>{t('correction.fields.attempts')}</TableHeaderCell>
            <TableHeaderCell>{t('correction.fields.effectiveness')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {corrections.map((correction) => (
            <TableRow key={correction.id}>
              <TableCell>{shared ? correction.number : <RouterLink to={correctionRecordPath(correction.id)}>{correction.number}</RouterLink>}</TableCell>
              <TableCell>
                <span className={styles.defect}>
                  <Text>
                    {correction.defect_name ?? '—'}
                    {correction.dimension_label ? ` · ${correction.dimension_label}` : ''}
                  </Text>
                  <Text size={200}>{correction.description}</Text>
                </span>
              </TableCell>
              <TableCell>
                <CorrectionStatusBadge status={correction.status} />
              </TableCell>
              <TableCell>{format.date(correction.opened_at)}</TableCell>
              <TableCell>{format.date(correction.closed_at)}</TableCell>
              <TableCell>
                {correction.reports.length === 0 ? (
                  <Text>—</Text>
                ) : (
                  <ul className={styles.attempts}>
                    {correction.reports.map((report) => {
                      const name = t('correctionRecord.attemptNo', { n: report.attempt_no });
                      return (
                        <li key={report.id} className={styles.attempt}>
                          {shared ? <Text>{name}</Text> : <RouterLink to={correctionReportRoute(report)}>{name}</RouterLink>}
                          <TrialResultBadge result={report.trial_result} />
                        </li>
                      );
                    })}
                  </ul>
                )}
              </TableCell>
              <TableCell>
                <EffectivenessBadge effectiveness={correction.effectiveness} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
