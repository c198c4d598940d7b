import type { BadgeProps } from '@fluentui/react-components';
import type { ToolState } from '@planta/contracts';

export const TOOLING_PATH = '/apps/herramental';

export const TOOL_STATE_COLORS: Record<ToolState, BadgeProps['color']> = {
  available: 'success',
  in_use: 'brand',
  repair: 'warning',
  scrapped: 'subtle',
};
