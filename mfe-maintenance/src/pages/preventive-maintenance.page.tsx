import { useParams } from 'react-router-dom';
import { PreventivePlanForm } from './preventive-plan.form';
import { PreventivePlansList } from './preventive-plans.list';

/** `/apps/preventiveMaintenance/:id`: the plans list at `all`, otherwise a plan's form (`new` or its id). */
export default function PreventiveMaintenancePage() {
  const { id = 'all' } = useParams();
  // A new key per record: the form starts afresh when the address names another plan.
  return id === 'all' ? <PreventivePlansList /> : <PreventivePlanForm key={id} id={id} />;
}
