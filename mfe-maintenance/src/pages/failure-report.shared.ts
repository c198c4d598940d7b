import type { BadgeProps } from '@fluentui/react-components';
import type { FailureReportStatus, FailureSeverity } from '@planta/contracts';

export const REPORTS_PATH = '/apps/failure-damage-report';
export const MACHINE_SUMMARY_PATH = (machineId: number) => `/apps/maintenance-dashboard/machineResume/${machineId}`;
export const CORRECTIVE_PATH = (workOrderId: number) => `/apps/corrective-maintenance/${workOrderId}`;
/** `?machine=<id>`: the machine summary's QR opens the form with its machine chosen. */
export const MACHINE_QUERY_PARAM = 'machine';

export const SEVERITY_COLORS: Record<FailureSeverity, BadgeProps['color']> = { low: 'informative', medium: 'warning', high: 'severe', critical: 'danger' };
export const STATUS_COLORS: Record<FailureReportStatus, BadgeProps['color']> = {
  new: 'brand',
  in_review: 'warning',
  accepted: 'success',
  rejected: 'danger',
  duplicate: 'subtle',
};
