import { registerBundles, type I18n } from '@planta/i18n';
import { production as ar } from './ar';
import { production as en } from './en';
import { production as es } from './es';
import { production as tr } from './tr';

/** The 'production' namespace of this remote, in the four languages. */
export const PRODUCTION_NS = 'production';
export const productionBundles = { es, en, ar, tr };

/** Adds the namespace to the shared instance (or to `instance`, in tests); harmless when repeated. */
export function registerProductionBundles(instance?: I18n): I18n {
  return registerBundles(PRODUCTION_NS, productionBundles, instance);
}

// Pages import this module, so the texts are there before their first render.
registerProductionBundles();
