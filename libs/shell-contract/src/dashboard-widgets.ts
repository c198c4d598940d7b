import type { PageAlias } from '@planta/contracts';
import type { ScreenNeed } from './navigation';

/**
 * Dashboard widgets (issue 16, architecture.md "shell and remotes"): each area ships the widgets
 * of its figures with its own remote, and the shell lays them out on its dashboards. The shell
 * passes the chosen period and press; a widget loads its own figures from its area's endpoint,
 * refreshes them on the live `indicatorsChanged` event, and hands the figures it shows to the
 * dashboard's Excel and PDF exports.
 */
export const DASHBOARD_NAMES = ['welcome', 'indicators'] as const;
export type DashboardName = (typeof DASHBOARD_NAMES)[number];

/** What the indicators dashboard shows: an instant range, and optionally one press and one shift. */
export interface DashboardFilters {
  /** ISO instants; `to` is exclusive, null for "up to now" (a period that is still running). */
  from: string;
  to: string | null;
  lineId: number | null;
  shiftId: number | null;
}

/** A stable name of what the filters show: widgets reload when it changes, not when "now" moves. */
export const filtersKey = (filters: DashboardFilters) => `${filters.from}|${filters.to ?? 'now'}|${filters.lineId ?? ''}|${filters.shiftId ?? ''}`;

/** One table of a dashboard export: a sheet in Excel, a table in the PDF. */
export interface ExportSheet {
  title: string;
  columns: readonly string[];
  rows: readonly (readonly (string | number | null)[])[];
}

/** What the shell gives a widget's component (its module's default export). */
export interface WidgetProps {
  filters: DashboardFilters;
  /** The shop-floor display: large type, the one press of `filters.lineId`, no links or menus. */
  display: boolean;
  /** The figures now shown, as tables for the dashboard's exports; called again whenever they change. */
  onExport: (sheets: readonly ExportSheet[]) => void;
}

/** A widget a remote offers to one of the shell's dashboards. */
export interface DashboardWidget {
  /** Unique within the portal: `<area>-<what>` (also the `data-widget` attribute of its card). */
  id: string;
  /** The Spanish title (the portal's language). */
  title: string;
  /** The title in the other languages of the portal, by language code; Spanish where one is missing. */
  titles?: Readonly<Partial<Record<string, string>>>;
  dashboard: DashboardName;
  /** Only readers of this page see it (the area's endpoint checks the same grant). */
  page: PageAlias;
  /** The calls it is for beyond reading `page` (issue 37, no dead ends): without them the card is not shown. */
  needs?: readonly ScreenNeed[];
  /** Takes a whole row of the grid (trends, Paretos). */
  wide?: boolean;
  /** Shown in the shop-floor display, one press at a time. */
  display?: boolean;
  /** Loads the component (default export) receiving WidgetProps. */
  load: () => Promise<{ default: unknown }>;
}

/** A widget's title in `language`. */
export const widgetTitle = (widget: Pick<DashboardWidget, 'title' | 'titles'>, language: string) => widget.titles?.[language] ?? widget.title;

/** A widget's `title` (Spanish) and `titles` (the other languages) from a remote's titles by language. */
export function titlesOf<Key extends string>(
  byLanguage: { es: Readonly<Record<Key, string>> } & Readonly<Record<string, Readonly<Record<Key, string>>>>,
  key: Key,
) {
  return {
    title: byLanguage.es[key],
    titles: Object.fromEntries(Object.entries(byLanguage).map(([language, texts]) => [language, texts[key]])),
  };
}
