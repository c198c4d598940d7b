import { tokens, type GriffelStyle } from '@fluentui/react-components';
import { LAYERS } from '@planta/ui';

/** A fixed status region that informs and never stands in the way of a tap or a click. */
export const STATUS_REGION: GriffelStyle = { position: 'fixed', zIndex: LAYERS.toast, pointerEvents: 'none' };

/** The shell's status pills ('Reconectando…', 'Sin conexión', what waits to be sent): one look. */
export const STATUS_PILL: GriffelStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: tokens.spacingHorizontalS,
  paddingInline: tokens.spacingHorizontalM,
  borderRadius: tokens.borderRadiusCircular,
  backgroundColor: tokens.colorNeutralBackgroundInverted,
  color: tokens.colorNeutralForegroundInverted,
  boxShadow: tokens.shadow8,
  fontSize: tokens.fontSizeBase300,
};
