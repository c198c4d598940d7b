import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '@planta/contracts';

/** 'radial-gradient' → 'radialGradient': values of the contracts as i18n keys. */
export const i18nKey = (value: string | number) => String(value).replace(/[-_](\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * The texts of a resource, in its area's namespace, by the key scheme of architecture.md:
 * `<name>.title`, `.empty`, `.newTitle`, `.editTitle`, `.fields.<field>`, `.enums.<field>.<value>`,
 * `.sections.<section>`, `.hints.<field>`, `.placeholders.<field>`.
 */
export function resourceTexts(t: TFunction, resource: Pick<ResourceDefinition, 'area' | 'name'>, exists: (key: string) => boolean) {
  const key = (rest: string) => `${resource.area}:${resource.name}.${rest}`;
  /** A text the resource may leave out (a hint, a placeholder of its own). */
  const optional = (rest: string) => (exists(key(rest)) ? t(key(rest)) : undefined);
  return {
    key,
    title: () => t(key('title')),
    empty: () => t(key('empty')),
    newTitle: () => t(key('newTitle')),
    editTitle: (name: string) => t(key('editTitle'), { name }),
    field: (name: string) => t(key(`fields.${name}`)),
    /** The label of a choice; the value itself where no text is written for it (codes like AA15). */
    value: (name: string, value: string | number) => t(key(`enums.${name}.${i18nKey(value)}`), { defaultValue: String(value) }),
    section: (section: string) => t(key(`sections.${section}`)),
    label: (name: string) => t(key(name)),
    hint: (name: string) => optional(`hints.${name}`),
    placeholder: (name: string, required: boolean) =>
      optional(`placeholders.${name}`) ?? (required ? t('common:form.choose', 'Elige una opción') : t('common:form.none', 'Ninguno')),
  };
}
export type ResourceTexts = ReturnType<typeof resourceTexts>;

/** `resourceTexts` with the translation of the current language. */
export function useResourceTexts(resource: Pick<ResourceDefinition, 'area' | 'name'>): ResourceTexts {
  const { t, i18n } = useTranslation([resource.area, 'common']);
  return resourceTexts(t, resource, (key) => i18n.exists(key));
}
