import { registerBundles, type I18n } from '@planta/i18n';
import { auditTexts } from './audit.texts';
import { companyTexts } from './company.texts';
import { invitationTexts } from './invitation.texts';
import { pageRoleTexts } from './page-role.texts';
import { pageTexts } from './page.texts';
import { recordTexts } from './record.texts';
import { roleTexts } from './role.texts';
import { shareLinkTexts } from './share-link.texts';
import { usersTexts } from './users.texts';

/**
 * The 'admin' namespace of this remote, in the four languages: each screen keeps its texts in
 * its own `<screen>.texts.ts` (`{ es, en, ar, tr }`, one top-level key per screen), merged here.
 */
export const ADMIN_NS = 'admin';
// One screen per line, so that screens added side by side merge without conflicts.
// prettier-ignore
const SCREENS = [
  auditTexts,
  recordTexts,
  companyTexts,
  invitationTexts,
  roleTexts,
  pageTexts,
  pageRoleTexts,
  usersTexts,
  shareLinkTexts,
] as const;
const merged = (language: 'es' | 'en' | 'ar' | 'tr') => Object.assign({}, ...SCREENS.map((texts) => texts[language]));
export const adminBundles = { es: merged('es'), en: merged('en'), ar: merged('ar'), tr: merged('tr') };

/** Adds the namespace to the shared instance (or to `instance`, in tests); harmless when repeated. */
export function registerAdminBundles(instance?: I18n): I18n {
  return registerBundles(ADMIN_NS, adminBundles, instance);
}

// Pages import this module, so the texts are there before their first render.
registerAdminBundles();
