import type { BundleShape } from '@planta/i18n';

/** The tabs of a stored record's screen (companies, roles, pages), in the four languages. */
const es = { record: { details: 'Datos', history: 'Historial' } };
const en: BundleShape<typeof es> = { record: { details: 'Details', history: 'History' } };
const ar: BundleShape<typeof es> = { record: { details: 'البيانات', history: 'السجل' } };
const tr: BundleShape<typeof es> = { record: { details: 'Bilgiler', history: 'Geçmiş' } };

export const recordTexts = { es, en, ar, tr };
