import { sharedTexts, type DieshopTexts } from '.';
import { commonTexts } from './common.texts';
import { correctionBoardsTexts } from './correction-boards.texts';
import { correctionCanvasTexts } from './correction-canvas.texts';
import { correctionTexts } from './correction.texts';
import { dashboardWidgetTexts } from './dashboard-widgets.texts';
import { dieCleaningTexts } from './die-cleaning.texts';
import { dieConfirmationTexts } from './die-confirmation.texts';
import { dieCopyFormTexts } from './die-copy-form.texts';
import { dieEnlistmentTexts } from './die-enlistment.texts';
import { dieInventoryTexts } from './die-inventory.texts';
import { dieSummaryTexts } from './die-summary.texts';
import { dieshopSettingsTexts } from './dieshop-settings.texts';
import { nitridingTexts } from './nitriding.texts';
import { profileTexts } from './profile.texts';
import { toolingTexts } from './tooling.texts';
import { uploadsTexts } from './uploads.texts';

/**
 * Every texts file of the 'dieshop' namespace, by its export's name: the one list of what exists,
 * for the specs (same keys in every language, each screen registered by some module). No page
 * imports it: each page registers only the texts it shows (`registerDieshopTexts`), on top of
 * SHARED_TEXTS, which `./index.ts` registers for all of them.
 */
// One screen per line, so that screens added side by side merge without conflicts.
// prettier-ignore
export const DIESHOP_TEXTS = {
  sharedTexts,
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
} as const satisfies Record<string, DieshopTexts>;

/** The texts files `./index.ts` registers for every page. */
export const SHARED_TEXTS: readonly (keyof typeof DIESHOP_TEXTS)[] = ['sharedTexts', 'commonTexts'];
