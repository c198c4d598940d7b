import { useParams } from 'react-router-dom';
import { AreaLanding } from '@planta/ui';
import NitridingBatchPage from './nitriding-batch.page';
import NitridingListPage from './nitriding-list.page';

/** /apps/die-nitruring-confirm/:id — `all` the candidates and the batches, a number one batch. */
export default function NitridingPage() {
  const { id = '' } = useParams();
  if (id === 'all') return <NitridingListPage />;
  if (/^\d+$/.test(id)) return <NitridingBatchPage key={id} id={Number(id)} />;
  return <AreaLanding alias="die-nitriding" />;
}
