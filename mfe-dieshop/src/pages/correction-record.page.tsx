import { Card, Text } from '@fluentui/react-components';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { correctionEndpoints, dieLabel } from '@planta/contracts';
import { call } from '@planta/session';
import { Facts, useFormat } from '@planta/ui';
import { DIESHOP_NS } from '../i18n';
import { RecordPage, RecordSection, useIsSharedView, useRecord } from './record-view';

/**
 * Spec 2.2 /apps/correction-record/:id (and its share link `/:token`): one correction of a die and
 * the corrector's reports on it, read-only. The correction screens themselves come with their issue.
 */
export default function CorrectionRecordPage() {
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const shared = useIsSharedView();
  const id = Number(useParams().id);
  const record = useRecord(useCallback(() => call(correctionEndpoints.record, { params: { id } }), [id]));
  return (
    <RecordPage record={record} title={(value) => t('correctionRecord.title', { id: value.id, defaultValue: `Registro de corrección n.º ${value.id}` })}>
      {(value) => (
        <>
          <Card>
            <Facts
              items={[
                [
                  t('correctionRecord.die', 'Matriz'),
                  shared ? dieLabel(value.die) : <RouterLink to={`/apps/dies/dieResume/${value.die.id}`}>{dieLabel(value.die)}</RouterLink>,
                ],
                [t('correctionRecord.reason', 'Motivo'), value.description],
                [t('correctionRecord.status', 'Estado'), t(`correctionStatus.${value.status}`, value.status)],
                [t('correctionRecord.openedAt', 'Abierta el'), format.date(value.opened_at)],
                [t('correctionRecord.closedAt', 'Cerrada el'), format.date(value.closed_at)],
              ]}
            />
          </Card>
          <RecordSection title={t('correctionRecord.reports', 'Reportes del corrector')}>
            {value.reports.length === 0 ? (
              <Text>{t('correctionRecord.noReports', 'Aún no hay reportes del corrector para esta corrección.')}</Text>
            ) : (
              value.reports.map((report) => (
                <Card key={report.id}>
                  <Facts
                    items={[
                      [t('correctionReport.createdAt', 'Fecha del reporte'), format.date(report.started_at)],
                      [t('correctionReport.findings', 'Hallazgos'), report.findings],
                      [t('correctionReport.actions', 'Acciones realizadas'), report.operations.map((operation) => operation.operation_name).join(', ') || '—'],
                    ]}
                  />
                </Card>
              ))
            )}
          </RecordSection>
        </>
      )}
    </RecordPage>
  );
}
