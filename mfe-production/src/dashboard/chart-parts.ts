import { tokens } from '@fluentui/react-components';
import { isRightToLeft, type Formats } from '@planta/ui';

/**
 * What every recharts chart of these widgets shares: colours as Fluent tokens (CSS variables, so
 * that the dark theme applies) and, in a right-to-left language, the first category on the right.
 */
export const CHART_COLOURS = {
  brand: tokens.colorBrandBackground,
  goal: tokens.colorNeutralStrokeAccessible,
  line: tokens.colorPaletteRedForeground1,
  availability: tokens.colorPaletteGreenForeground1,
  performance: tokens.colorPaletteDarkOrangeForeground1,
  quality: tokens.colorPalettePurpleForeground2,
} as const;

const tick = { fill: tokens.colorNeutralForeground2, fontSize: 12 };

export function axisProps(format: Formats) {
  const rtl = isRightToLeft();
  // Value ticks in the user's language ('0,85', '12.000'), never recharts' own String(value).
  const tickFormatter = (value: number) => format.number(value, 2);
  return {
    x: { reversed: rtl, tick, stroke: tokens.colorNeutralStroke1 },
    y: { orientation: rtl ? ('right' as const) : ('left' as const), tick, stroke: tokens.colorNeutralStroke1, width: 56, tickFormatter },
    /** A second value axis, opposite the first. */
    y2: { orientation: rtl ? ('left' as const) : ('right' as const), tick, stroke: tokens.colorNeutralStroke1, width: 48, tickFormatter },
  };
}

export const tooltipStyle = {
  contentStyle: { background: tokens.colorNeutralBackground1, borderColor: tokens.colorNeutralStroke1, color: tokens.colorNeutralForeground1 },
  labelStyle: { color: tokens.colorNeutralForeground1 },
} as const;

export const gridStroke = tokens.colorNeutralStroke2;
