import { useParams } from 'react-router-dom';
import { AreaLanding } from '@planta/ui';
import '../i18n';
import ToolDetailPage from './tool-detail.page';
import ToolingListPage from './tooling-list.page';

/** /apps/herramental/:id — `all` the register, `new` a new tool, a number the tool with its checks. */
export default function ToolingPage() {
  const { id = '' } = useParams();
  if (id === 'all') return <ToolingListPage />;
  if (id === 'new') return <ToolDetailPage key="new" id={null} />;
  if (/^\d+$/.test(id)) return <ToolDetailPage key={id} id={Number(id)} />;
  return <AreaLanding alias="tooling" />;
}
