import { useParams } from 'react-router-dom';
import { AreaLanding } from '@planta/ui';
import '../i18n';
import DieEnlistmentDetailPage from './die-enlistment-detail.page';
import DieEnlistmentListPage from './die-enlistment-list.page';

/** /apps/die_enlistment/:id — `all` the list (requests are made in its dialog), a number the preparation. */
export default function DieEnlistmentPage() {
  const { id = '' } = useParams();
  if (id === 'all') return <DieEnlistmentListPage />;
  if (/^\d+$/.test(id)) return <DieEnlistmentDetailPage key={id} id={Number(id)} />;
  return <AreaLanding alias="die-preparation" />;
}
