import { registerBundles, type I18n } from '@planta/i18n';
import { dieshop as ar } from './ar';
import { commonTexts } from './common.texts';
import { dieSummaryTexts } from './die-summary.texts';
import { dieCopyFormTexts } from './die-copy-form.texts';
import { dieInventoryTexts } from './die-inventory.texts';
import { dieshopSettingsTexts } from './dieshop-settings.texts';
import { dieEnlistmentTexts } from './die-enlistment.texts';
import { toolingTexts } from './tooling.texts';
import { correctionBoardsTexts } from './correction-boards.texts';
import { dieCleaningTexts } from './die-cleaning.texts';
import { dieConfirmationTexts } from './die-confirmation.texts';
import { dieshop as en } from './en';
import { dieshop as es } from './es';
import { profileTexts } from './profile.texts';
import { dieshop as tr } from './tr';
import { nitridingTexts } from './nitriding.texts';
import { correctionTexts } from './correction.texts';
import { correctionCanvasTexts } from './correction-canvas.texts';
import { uploadsTexts } from './uploads.texts';
import { dashboardWidgetTexts } from './dashboard-widgets.texts';

/**
 * The 'dieshop' namespace of this remote, in the four languages: the area's vocabulary
 * (`common.texts.ts`), the record pages' texts (`es.ts`, `en.ts`, `ar.ts`, `tr.ts`) and each
 * screen's texts in its own `<screen>.texts.ts` (`{ es, en, ar, tr }`, one top-level key per
 * screen), merged here.
 */
export const DIESHOP_NS = 'dieshop';
// One screen per line, so that screens added side by side merge without conflicts.
// prettier-ignore
const SCREENS = [
  { es, en, ar, tr },
  commonTexts,
  dieSummaryTexts,
  dieInventoryTexts,
  dieCopyFormTexts,
  profileTexts,
  dieshopSettingsTexts,
  dieEnlistmentTexts,
  toolingTexts,
  correctionBoardsTexts,
  dieConfirmationTexts,
  dieCleaningTexts,
  nitridingTexts,
  correctionTexts,
  correctionCanvasTexts,
  uploadsTexts,
  dashboardWidgetTexts,
] as const;
const merged = (language: 'es' | 'en' | 'ar' | 'tr') => Object.assign({}, ...SCREENS.map((texts) => texts[language]));
export const dieshopBundles = { es: merged('es'), en: merged('en'), ar: merged('ar'), tr: merged('tr') };

/** Adds the namespace to the shared instance (or to `instance`, in tests); harmless when repeated. */
export function registerDieshopBundles(instance?: I18n): I18n {
  return registerBundles(DIESHOP_NS, dieshopBundles, instance);
}

// Pages import this module, so the texts are there before their first render.
registerDieshopBundles();
