export * from './languages';
export * from './i18n';
export { CORE_NAMESPACES, coreBundles, resources } from './bundles';
export type { Bundle, BundleShape, CoreNamespace, CoreResources, LanguageBundles } from './bundles';
