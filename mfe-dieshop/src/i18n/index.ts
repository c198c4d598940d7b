import { registerBundles, type I18n } from '@planta/i18n';
import { dieshop as ar } from './ar';
import { dieshop as en } from './en';
import { dieshop as es } from './es';
import { dieshop as tr } from './tr';

/** The 'dieshop' namespace of this remote, in the four languages. */
export const DIESHOP_NS = 'dieshop';
export const dieshopBundles = { es, en, ar, tr };

/** Adds the namespace to the shared instance (or to `instance`, in tests); harmless when repeated. */
export function registerDieshopBundles(instance?: I18n): I18n {
  return registerBundles(DIESHOP_NS, dieshopBundles, instance);
}

// Pages import this module, so the texts are there before their first render.
registerDieshopBundles();
