import { useParams } from 'react-router-dom';
import { AreaLanding } from '@planta/ui';
import FailureReportDetailPage from './failure-report-detail.page';
import FailureReportFormPage from './failure-report-form.page';
import FailureReportListPage from './failure-report-list.page';

/** /apps/failure-damage-report/:id — `all` the list, `new` the form, a number the report. */
export default function FailureReportPage() {
  const { id = '' } = useParams();
  if (id === 'all') return <FailureReportListPage />;
  if (id === 'new') return <FailureReportFormPage />;
  if (/^\d+$/.test(id)) return <FailureReportDetailPage key={id} id={Number(id)} />;
  return <AreaLanding alias="failure-damage-report" />;
}
