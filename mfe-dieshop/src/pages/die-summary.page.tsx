import { Card, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { dieEndpoints, dieLabel } from '@planta/contracts';
import { call } from '@planta/session';
import { Facts, i18nKey, useFormat } from '@planta/ui';
import { DIESHOP_NS } from '../i18n';
import { RecordPage, RecordSection, useIsSharedView, useRecord } from './record-view';

/**
 * Spec 2.2 /apps/dies/dieResume/:dieId (and its share link `/:token`): a die copy and its
 * correction history, read-only. The full die summary of the die shop (issue 13) grows from here.
 */
export default function DieSummaryPage() {
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const shared = useIsSharedView();
  const id = Number(useParams().dieId);
  const record = useRecord(useCallback(() => call(dieEndpoints.summary, { params: { id } }), [id]));
  return (
    <RecordPage record={record} title={(die) => t('dieSummary.title', { label: dieLabel(die), defaultValue: `Resumen de la matriz ${dieLabel(die)}` })}>
      {(die) => (
        <>
          <Card>
            <Facts
              items={[
                [t('dieSummary.description', 'Descripción'), die.description || '—'],
                [t('dieSummary.status', 'Estado'), t(`enums.dieState.${i18nKey(die.state)}`)],
                [t('dieSummary.createdAt', 'Fecha de alta'), format.date(die.created_at)],
              ]}
            />
          </Card>
          <RecordSection title={t('dieSummary.corrections', 'Historial de correcciones')}>
            {die.corrections.length === 0 ? (
              <Text>{t('dieSummary.noCorrections', 'Esta matriz no tiene correcciones registradas.')}</Text>
            ) : (
              <Table aria-label={t('dieSummary.corrections', 'Historial de correcciones')}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{t('correctionRecord.reason', 'Motivo')}</TableHeaderCell>
                    <TableHeaderCell>{t('correctionRecord.status', 'Estado')}</TableHeaderCell>
                    <TableHeaderCell>{t('correctionRecord.openedAt', 'Abierta el')}</TableHeaderCell>
                    <TableHeaderCell>{t('correctionRecord.closedAt', 'Cerrada el')}</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {die.corrections.map((correction) => (
                    <TableRow key={correction.id}>
                      <TableCell>
                        {/* A share link opens this die only: its corrections are not linked. */}
                        {shared ? correction.reason : <RouterLink to={`/apps/correction-record/${correction.id}`}>{correction.reason}</RouterLink>}
                      </TableCell>
                      <TableCell>{t(`correctionStatus.${correction.status}`, correction.status)}</TableCell>
                      <TableCell>{format.date(correction.opened_at)}</TableCell>
                      <TableCell>{format.date(correction.closed_at)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </RecordSection>
        </>
      )}
    </RecordPage>
  );
}
