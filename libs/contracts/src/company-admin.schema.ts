import { z } from 'zod';
import { bodyInteger, nameText, requiredText, trimmedText } from './common.schema';
import { messages } from './messages';
import { DEFAULT_CURRENCY } from './number-format';

/**
 * The administration of companies, roles and pages (issue 11, spec 3): what the screens show and
 * what they may send. The toolbar's company selector keeps its own small shape (company.schema.ts).
 */

// ------------------------------------------------------------------------------- time zones

/**
 * What an IANA zone name looks like: segments that begin with a capital ('Europe/Madrid', 'UTC',
 * 'Etc/GMT+3', 'America/Argentina/Buenos_Aires'); an offset ('+01:00') or 'europe/madrid' is none.
 */
const ZONE_NAME = /^[A-Z][A-Za-z0-9_+-]*(\/[A-Z][A-Za-z0-9_+-]*)*$/;

/** The IANA time zones this runtime knows, for the screen's searchable list. */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return names.includes('UTC') ? [...names] : ['UTC', ...names];
}

/**
 * An IANA time zone name, spelled as the database of zones spells it, that Intl can reckon in
 * (Intl itself also takes 'europe/madrid', and its list leaves out names such as
 * 'America/Argentina/Buenos_Aires' that it knows under an older link).
 */
export function isTimeZoneName(name: string): boolean {
  if (name.length > 64 || !ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string({ error: messages.invalidTimeZone }).trim().refine(isTimeZoneName, messages.invalidTimeZone);

// ------------------------------------------------------------------------------- currencies

/** An ISO 4217 code: three capitals that Intl knows as a currency (EUR, USD, MXN). The database checks the shape too. */
export const CURRENCY_PATTERN = /^[A-Z]{3}$/;
export function isCurrencyCode(code: string): boolean {
  if (!CURRENCY_PATTERN.test(code)) return false;
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [];
  return known.length === 0 || known.includes(code);
}
/** The currencies this runtime knows, for the company screen's list. */
export function currencyCodes(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [];
  return known.includes(DEFAULT_CURRENCY) ? [...known] : [DEFAULT_CURRENCY, ...known];
}
export const currencySchema = z.string({ error: messages.invalidCurrency }).trim().refine(isCurrencyCode, messages.invalidCurrency);

// -------------------------------------------------------------------------------- companies

export const DEFAULT_UPLOAD_LIMIT_MB = 2;
export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

/** A company as its administration screen shows it. */
export const companyRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tax_id: z.string(),
  address: z.string(),
  time_zone: z.string(),
  /** ISO 4217: the money of the company's figures (a die's cost) is in it. */
  currency: z.string(),
  upload_limit_mb: z.number().int(),
  active: z.boolean(),
  member_count: z.number().int(),
  /** The company the caller is working in (the active company of their session). */
  current: z.boolean(),
  /** The caller holds the companies update grant in this company (they may change it). */
  manageable: z.boolean(),
});
export type CompanyRecord = z.infer<typeof companyRecordSchema>;

const companyFields = {
  name: requiredText(120),
  tax_id: nameText().max(30, messages.tooLong(30)),
  address: trimmedText({ multiline: true }).max(300, messages.tooLong(300)),
  time_zone: timeZoneSchema,
  currency: currencySchema,
  upload_limit_mb: bodyInteger({ min: 1, max: 100, message: messages.uploadLimitRange }),
};

export const companyCreateSchema = z.object({
  ...companyFields,
  tax_id: companyFields.tax_id.default(''),
  address: companyFields.address.default(''),
  time_zone: companyFields.time_zone.default(DEFAULT_TIME_ZONE),
  currency: companyFields.currency.default(DEFAULT_CURRENCY),
  upload_limit_mb: companyFields.upload_limit_mb.default(DEFAULT_UPLOAD_LIMIT_MB),
});
export type CompanyCreate = z.infer<typeof companyCreateSchema>;

/** A change: any of the fields, and `active` to deactivate or activate the company. */
export const companyUpdateSchema = z.object({ ...companyFields, active: z.boolean({ error: messages.required }) }).partial();
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;

// ------------------------------------------------------------------------------------ roles

/** A role as its screen shows it: the four built-in ones and the active company's own. */
export const roleRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** One of the four roles of every company (admin, staff, user, guest): read only. */
  built_in: z.boolean(),
  /** How many members of the active company hold it. */
  holders: z.number().int(),
});
export type RoleRecord = z.infer<typeof roleRecordSchema>;

const roleFields = {
  name: requiredText(40),
  // Shown as a label in the permission tables: no bidirectional controls, like a name.
  description: nameText({ multiline: true }).max(200, messages.tooLong(200)),
};
export const roleCreateSchema = z.object({ ...roleFields, description: roleFields.description.default('') });
export type RoleCreate = z.infer<typeof roleCreateSchema>;
export const roleUpdateSchema = z.object(roleFields).partial();
export type RoleUpdate = z.infer<typeof roleUpdateSchema>;

// ------------------------------------------------------------------------------------ pages

/** A page of the catalogue as the active company names it. */
export const pageRecordSchema = z.object({
  id: z.number().int(),
  alias: z.string(),
  area: z.string(),
  /** The company's own name when it gave one, else the catalogue's. */
  name: z.string(),
  description: z.string(),
  catalogue_name: z.string(),
  catalogue_description: z.string(),
  /** The company named or described the page its own way. */
  customised: z.boolean(),
});
export type PageRecord = z.infer<typeof pageRecordSchema>;

/** The company's name and description of a page; the catalogue's own values restore it. */
export const pageUpdateSchema = z.object({ name: requiredText(120), description: nameText({ multiline: true }).max(300, messages.tooLong(300)) }).partial();
export type PageUpdate = z.infer<typeof pageUpdateSchema>;
