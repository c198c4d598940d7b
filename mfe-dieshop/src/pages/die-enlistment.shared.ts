import type { BadgeProps } from '@fluentui/react-components';
import type { EnlistmentStatus } from '@planta/contracts';

export const ENLISTMENT_PATH = '/apps/die_enlistment';
export const enlistmentPath = (id: number) => `${ENLISTMENT_PATH}/${id}`;
export const dieSummaryPath = (dieId: number) => `/apps/dies/dieResume/${dieId}`;

export const ENLISTMENT_STATUS_COLORS: Record<EnlistmentStatus, BadgeProps['color']> = {
  requested: 'informative',
  preparing: 'brand',
  oven: 'warning',
  ready: 'success',
  delivered: 'subtle',
  cancelled: 'subtle',
};
