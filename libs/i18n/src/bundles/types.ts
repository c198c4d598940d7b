/** A translation bundle: nested objects whose leaves are texts. */
export interface Bundle {
  readonly [key: string]: string | Bundle;
}

/**
 * The shape every translation of a bundle must have: exactly the keys of the Spanish bundle,
 * at every depth, with a text at every leaf. Writing `const common: BundleShape<typeof es> = {...}`
 * makes the compiler refuse a missing key (required property) and an extra key (excess
 * property check of the object literal).
 */
export type BundleShape<T> = {
  -readonly [K in keyof T]: T[K] extends string ? string : BundleShape<T[K]>;
};

/** The four bundles of one namespace, the Spanish one giving the shape of the others. */
export type LanguageBundles<T extends Bundle> = {
  es: T;
  en: NoInfer<BundleShape<T>>;
  ar: NoInfer<BundleShape<T>>;
  tr: NoInfer<BundleShape<T>>;
};
