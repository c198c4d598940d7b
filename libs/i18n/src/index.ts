export * from './languages';
export * from './i18n';
// Spanish only: the other languages' bundles are chunks that loadLanguage()/setLanguage() fetch.
export { CORE_NAMESPACES, spanishBundles } from './bundles';
export type { Bundle, BundleShape, CoreBundles, CoreNamespace, CoreResources, LanguageBundles } from './bundles';
