import { Card, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { correctionEndpoints, dieLabel } from '@planta/contracts';
import { call } from '@planta/session';
import { Facts, useFormat } from '@planta/ui';
import { DIESHOP_NS } from '../i18n';
import { RecordPage, useIsSharedView, useRecord } from './record-view';

/**
 * Spec 2.2 /apps/correction-report/:id/:correctionId (and its share link `/:token`): the
 * corrector's report `:id` on the correction `:correctionId`, read-only.
 */
export default function CorrectionReportPage() {
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const shared = useIsSharedView();
  const params = useParams();
  const id = Number(params.id);
  const record = useRecord(useCallback(() => call(correctionEndpoints.report, { params: { id } }), [id]));
  return (
    <RecordPage record={record} title={(value) => t('correctionReport.title', { id: value.id, defaultValue: `Reporte de corrección n.º ${value.id}` })}>
      {(value) => (
        <>
          {String(value.record.id) !== params.correctionId ? (
            <MessageBar intent="warning">
              <MessageBarBody>{t('correctionReport.mismatch', 'Este reporte no pertenece a la corrección que indica el enlace.')}</MessageBarBody>
            </MessageBar>
          ) : null}
          <Card>
            <Facts
              items={[
                [
                  t('correctionReport.die', 'Matriz'),
                  shared ? dieLabel(value.die) : <RouterLink to={`/apps/dies/dieResume/${value.die.id}`}>{dieLabel(value.die)}</RouterLink>,
                ],
                [
                  t('correctionReport.correction', 'Corrección'),
                  shared ? value.record.description : <RouterLink to={`/apps/correction-record/${value.record.id}`}>{value.record.description}</RouterLink>,
                ],
                [t('correctionRecord.status', 'Estado'), t(`correctionStatus.${value.record.status}`, value.record.status)],
                [t('correctionReport.createdAt', 'Fecha del reporte'), format.date(value.started_at)],
                [t('correctionReport.findings', 'Hallazgos'), value.findings],
                [t('correctionReport.actions', 'Acciones realizadas'), value.operations.map((operation) => operation.operation_name).join(', ') || '—'],
              ]}
            />
          </Card>
        </>
      )}
    </RecordPage>
  );
}
