import { registerBundles, type I18n } from '@planta/i18n';
import { commonTexts } from './common.texts';
import { maintenanceBoardTexts } from './maintenance-board.texts';
import { preventiveTexts } from './preventive.texts';
import { machineSummaryTexts } from './machine-summary.texts';
import { maintenanceDashboardTexts } from './maintenance-dashboard.texts';
import { reliabilityTexts } from './reliability.texts';
import { failureReportTexts } from './failure-report.texts';
import { dashboardWidgetTexts } from './dashboard-widgets.texts';

/**
 * The 'maintenance' namespace of this remote, in the four languages: the area's vocabulary
 * (`common.texts.ts`) and each screen's texts in its own `<screen>.texts.ts` (`{ es, en, ar, tr }`,
 * one top-level key per screen), merged here.
 */
export const MAINTENANCE_NS = 'maintenance';
// One screen per line, so that screens added side by side merge without conflicts.
// prettier-ignore
const SCREENS = [
  commonTexts,
  maintenanceBoardTexts,
  preventiveTexts,
  reliabilityTexts,
  maintenanceDashboardTexts,
  machineSummaryTexts,
  failureReportTexts,
  dashboardWidgetTexts,
] as const;
const merged = (language: 'es' | 'en' | 'ar' | 'tr') => Object.assign({}, ...SCREENS.map((texts) => texts[language]));
export const maintenanceBundles = { es: merged('es'), en: merged('en'), ar: merged('ar'), tr: merged('tr') };

/** Adds the namespace to the shared instance (or to `instance`, in tests); harmless when repeated. */
export function registerMaintenanceBundles(instance?: I18n): I18n {
  return registerBundles(MAINTENANCE_NS, maintenanceBundles, instance);
}

// Pages import this module, so the texts are there before their first render.
registerMaintenanceBundles();
