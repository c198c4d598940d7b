import { useLocation, useParams } from 'react-router-dom';
import { correctionDefectResource, correctionOperationResource } from '@planta/contracts';
import { ResourceFormScreen, ResourceListScreen } from '@planta/ui';
import { registerDieshopTexts } from '../i18n';
import { correctionTexts } from '../i18n/correction.texts';

registerDieshopTexts(correctionTexts);

/**
 * The corrections' catalogues, each a declared resource with the generic screens: the defects a
 * record names (`/apps/correction-defect/:id`) and the operations an attempt records
 * (`/apps/correction-operation/:id`); each plant extends the seeded ones.
 */
export default function CorrectionCataloguePage() {
  const { id = 'all' } = useParams();
  const { pathname } = useLocation();
  const resource = pathname.startsWith(correctionOperationResource.route) ? correctionOperationResource : correctionDefectResource;
  if (id === 'all') return <ResourceListScreen key={resource.name} resource={resource} />;
  return <ResourceFormScreen key={`${resource.name}:${id}`} resource={resource} />;
}
