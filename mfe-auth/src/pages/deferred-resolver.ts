import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A form resolver whose rules are downloaded when first needed, so that a page can show its form
 * before them: the sign-in page is the first thing a tablet loads, and its rules come with zod.
 * For a form whose fields are all required, nothing typed yet means "not valid yet" without any
 * rule: the resolver says so (no message shown) and downloads nothing until something is typed
 * (or filled in by the browser) or `preload` is called.
 */
export function deferredResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): { resolver: Resolver<T>; preload: () => void } {
  let rules: Promise<Resolver<T>> | null = null;
  const loadRules = () => {
    if (!rules) {
      const pending = load();
      rules = pending;
      // A failed download (no network) is tried again at the next keystroke.
      pending.catch(() => {
        if (rules === pending) rules = null;
      });
    }
    return rules;
  };
  const resolver: Resolver<T> = async (values, context, options) => {
    if (!rules && Object.values(values).every(isBlank)) {
      return { values: {}, errors: { root: { type: 'required' } } as FieldErrors<T> };
    }
    return (await loadRules())(values, context, options);
  };
  return { resolver, preload: () => void loadRules().catch(() => undefined) };
}
