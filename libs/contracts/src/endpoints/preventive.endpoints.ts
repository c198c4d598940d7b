import { endpoint, idParams } from '../endpoint';
import { pagedSchema } from '../common.schema';
import {
  pmFormOptionsSchema,
  pmGeneratedSchema,
  preventivePlanDetailSchema,
  preventivePlanListQuerySchema,
  preventivePlanPatchSchema,
  preventivePlanSchema,
  preventivePlanViewSchema,
} from '../maintenance/preventive.schema';

const access = { page: 'preventive-maintenance' } as const;
const tag = 'maintenance';

/** Preventive maintenance plans (issue 12): by calendar, by counter or both; each creates its work orders ahead of time. */
export const preventivePlanEndpoints = {
  all: endpoint({
    method: 'GET',
    path: 'preventive-plan/all',
    access,
    tag,
    summary: 'A page of preventive plans: search by name or machine; filter by machine, trigger, active and due within N days',
    query: preventivePlanListQuerySchema,
    response: pagedSchema(preventivePlanViewSchema),
  }),
  formOptions: endpoint({
    method: 'GET',
    path: 'preventive-plan-options',
    access,
    tag,
    summary: "The plan form's choices: machines, their meters with their value now, and the company's active members",
    response: pmFormOptionsSchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: 'preventive-plan/:id',
    access,
    tag,
    summary: 'A plan with its checklist template, meter, the work orders it created and its skipped occurrences',
    params: idParams,
    response: preventivePlanDetailSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: 'preventive-plan',
    access,
    tag,
    summary: 'Create a preventive plan',
    body: preventivePlanSchema,
    response: preventivePlanViewSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'preventive-plan/:id',
    access,
    tag,
    summary: 'Change a preventive plan',
    params: idParams,
    body: preventivePlanPatchSchema,
    response: preventivePlanViewSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: 'preventive-plan/:id',
    access,
    tag,
    summary: 'Delete a plan that never created a work order (otherwise: deactivate it)',
    params: idParams,
    errors: [409],
    response: null,
  }),
  generate: endpoint({
    method: 'POST',
    path: 'preventive-plan/:id/generate',
    access,
    tag,
    summary: "Create the plan's next work order now (or answer the one already open)",
    params: idParams,
    response: pmGeneratedSchema,
    status: 200,
  }),
} as const;
