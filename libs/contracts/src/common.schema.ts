import { z } from 'zod';
import { LABEL_MATCHES_PATTERN, SORT_ORDER_PATTERN } from './list-search';
import { MEDIA_TYPES, RULES, withRules } from './endpoint-errors';
import { messages } from './messages';
import { DATE_PATTERN, DATE_TIME_PATTERN, isDateOnly, isStorableMoment, periodInstant, toUtc } from './date-time';
import {
  DECIMAL_DIGITS,
  IMAGE_URL,
  INT4_MAX,
  isStorableText,
  jsonLimitProblem,
  MULTILINE_TEXT,
  SINGLE_LINE_TEXT,
  stripBidiControls,
  VISIBLE_TEXT,
  type JsonLimits,
} from './safe-input';

/**
 * The building blocks of request schemas, each keeping a value to what its column can store
 * (safe-input.ts, date-time.ts): texts without NUL, half surrogates or control characters (names
 * and labels also without bidirectional controls), numbers that are JSON numbers within their
 * column, whole numbers of queries and paths in plain digits, bounded free-form objects, pictures
 * that are image data or uploaded files, days that exist and moments within ±14:00 of UTC.
 */

/**
 * Any text of a request: NUL, half surrogate pairs and control characters refused; `multiline`
 * (notes, descriptions, comments: what the screens edit in a text area) keeps tabs and line
 * breaks. `error`: the text of a missing or non-text value.
 */
export const safeText = ({ multiline = false, ...params }: { error?: string; multiline?: boolean } = {}) =>
  z
    .string(params)
    .refine(isStorableText, messages.invalidCharacters)
    .regex(multiline ? MULTILINE_TEXT : SINGLE_LINE_TEXT, multiline ? messages.controlCharacters : messages.singleLineText);

/**
 * Marks a text checked once trimmed (and, for a name, without bidirectional controls): the pattern
 * of a character that stays, which a required one needs (`openApiOverride`).
 */
const FILLED_PATTERN = 'x-planta-filled-pattern';

/** Any text of a request as `safeText`, trimmed. */
export const trimmedText = (params?: { error?: string; multiline?: boolean }) =>
  safeText(params)
    .trim()
    .meta({ [FILLED_PATTERN]: /\S/.source });

/** A name, title or label (or a short note kept like one): as `safeText`, then without bidirectional controls, trimmed. */
export const nameText = (params?: { error?: string; multiline?: boolean }) =>
  safeText(params)
    .overwrite(stripBidiControls)
    .trim()
    .meta({ [FILLED_PATTERN]: VISIBLE_TEXT.source });

/** A required name with the Spanish "required" text, bounded. */
export const requiredText = (max: number) => nameText({ error: messages.required }).min(1, messages.required).max(max, messages.tooLong(max));

/** A number of a JSON body: a JSON number only (never `true`, `"1"`, `null` or `[]`), finite. */
export const bodyNumber = (message: string) => z.number({ error: message });

/** A whole number of a JSON body within `min`..`max` (an `int` column by default), with one message for every refusal. */
export const bodyInteger = ({ min = 1, max = INT4_MAX, message }: { min?: number; max?: number; message: string }) =>
  bodyNumber(message).int(message).min(min, message).max(max, message);

/** A record id in a JSON body (a positive `int`). */
export const idSchema = bodyInteger({ message: messages.invalidId });

/** Marks a schema whose OpenAPI entry is a plain integer (`openApiOverride`): a whole number of a query or path. */
const INTEGER_TEXT = 'x-planta-integer-text';

/**
 * A whole number of a query or a path, where everything is text: plain decimal digits only ('1e3',
 * ' 1', '0x10', 'true' and '' are refused), within `min`..`max`. The typed client may hand it a
 * number, which the URL turns into the same digits.
 */
export const queryInteger = ({ min = 1, max = INT4_MAX, message = messages.wholeNumberDigits }: { min?: number; max?: number; message?: string } = {}) =>
  z
    .union([z.number({ error: message }), z.string({ error: message }).regex(DECIMAL_DIGITS, message).transform(Number)], { error: message })
    .pipe(z.number().int(message).min(min, message).max(max, message))
    .meta({ [INTEGER_TEXT]: { minimum: min, maximum: max } });

/** Adds a pattern to a string's JSON schema, as zod writes several: each in `allOf` (the most particular last). */
function withPattern(json: Record<string, unknown>, pattern: string): void {
  const patterns = [...((json.allOf as Record<string, unknown>[] | undefined) ?? []), ...(json.pattern ? [{ type: 'string', pattern: json.pattern }] : [])];
  delete json.pattern;
  json.allOf = [{ type: 'string', pattern }, ...patterns];
}

/**
 * The OpenAPI entry of the schemas above that JSON Schema cannot say by itself: a query or path
 * integer reads as `{ type: integer, minimum, maximum }`. For `z.toJSONSchema(…, { override })`.
 */
export function openApiOverride(context: { zodSchema: unknown; jsonSchema: Record<string, unknown> }): void {
  // Listed once, on the operation: its rules (`endpointRules`), a file's media types (its content).
  delete context.jsonSchema[RULES];
  delete context.jsonSchema[MEDIA_TYPES];
  // A required text checked once trimmed needs a character that stays.
  const filled = context.jsonSchema[FILLED_PATTERN];
  if (typeof filled === 'string') {
    delete context.jsonSchema[FILLED_PATTERN];
    if (Number(context.jsonSchema.minLength) >= 1) withPattern(context.jsonSchema, filled);
  }
  const schema = context.zodSchema as z.ZodType;
  const inner = schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema;
  const integer = (z.globalRegistry.get(inner) as Record<string, unknown> | undefined)?.[INTEGER_TEXT];
  if (!integer) return;
  // What the union of a number and digits says of itself goes; a description stays, a default is put back.
  for (const key of Object.keys(context.jsonSchema)) if (key !== 'description') delete context.jsonSchema[key];
  Object.assign(context.jsonSchema, { type: 'integer' }, integer, schema instanceof z.ZodDefault ? { default: schema.def.defaultValue } : {});
}

/** Profile settings and other free-form objects: 16 KB of JSON at most, 8 levels, 400 keys and items. */
export const FREE_FORM_LIMITS: JsonLimits = { maxBytes: 16 * 1024, maxDepth: 8, maxEntries: 400 };

/** A free-form JSON object within `limits` (every key and string storable text too). */
export const boundedJson = <T extends z.ZodType>(schema: T, limits: JsonLimits = FREE_FORM_LIMITS) => {
  const tooLarge = messages.settingsTooLarge(limits.maxBytes / 1024);
  const bounded = schema.superRefine((value, context) => {
    const problem = jsonLimitProblem(value, limits);
    if (problem) context.addIssue({ code: 'custom', message: problem === 'text' ? messages.invalidCharacters : tooLarge });
  });
  return withRules(bounded, [{ message: messages.invalidCharacters }, { message: tooLarge }]);
};

/** A picture: a data URL of an image or a file uploaded here (IMAGE_URL); never `javascript:` or an address elsewhere. */
export const imageUrl = (max: number) => z.string({ error: messages.imageUrl }).max(max, messages.tooLong(max)).regex(IMAGE_URL, messages.imageUrl);

/** A calendar date, YYYY-MM-DD, that exists (no 2026-02-30) and that the database takes (years 0001 to 9999). */
export const isoDate = z.string({ error: messages.dateFormat }).regex(DATE_PATTERN, messages.dateFormat).meta({ format: 'date' });

/**
 * A moment, the one date-time schema of requests and answers: date, time and UTC offset (Z or
 * within ±14:00), in years 1 to 9999 as UTC; handed on as UTC (`toUtc`), so SQL never parses an offset.
 */
export const isoDateTime = z
  .string({ error: messages.dateTimeFormat })
  .regex(DATE_TIME_PATTERN, messages.dateTimeFormat)
  .refine(isStorableMoment, messages.dateTimeFormat)
  .overwrite(toUtc)
  .meta({ format: 'date-time', description: 'A moment with its UTC offset (Z or within ±14:00), within the years 1 to 9999 in UTC' });

/** The years a period may lie in (the indicators lay out a row per day of it). */
const isPeriodYear = (bound: string) => {
  const time = Date.parse(isDateOnly(bound) ? `${bound}T00:00:00Z` : bound);
  return time >= 0 && time < Date.UTC(9000, 0, 1);
};

/**
 * The `from` or `to` of a period query: a moment, or a day alone meaning that whole day in the
 * company's time zone (the API reads it with `periodInstant`), from 1970 to 8999.
 */
export const periodBound = z.union([isoDateTime, isoDate], { error: messages.periodBound }).refine(isPeriodYear, messages.periodBound);

/**
 * A period query of `shape` (with its `from` and `to`) and its rule: `to` after `from`, at most
 * `maxDays` later (`tooLong`). Days alone are read here as UTC days; the company's time zone moves
 * them by 14 hours at most.
 */
export function periodQuery<S extends z.ZodRawShape & { from: z.ZodType; to: z.ZodType }>(shape: S, maxDays: number, tooLong: string) {
  const checked = z.object(shape).superRefine((query: { from?: string; to?: string }, context) => {
    if (!query.from || !query.to) return;
    const span = periodInstant(query.to, 'to', 'UTC').getTime() - periodInstant(query.from, 'from', 'UTC').getTime();
    if (span <= 0) context.addIssue({ code: 'custom', path: ['to'], message: messages.periodOrder });
    else if (span > maxDays * 86_400_000) context.addIssue({ code: 'custom', path: ['from'], message: tooLong });
  });
  return withRules(checked, [
    { field: 'to', message: messages.periodOrder },
    { field: 'from', message: tooLong },
  ]);
}

/** The most pages a list may be asked for (far beyond any list; keeps the OFFSET of the SQL in range). */
export const MAX_LIST_PAGE = 1_000_000;

/** Query of every `GET /api/<resource>/all` list (paged, searchable, sortable). */
export const listQuerySchema = z.object({
  page: queryInteger({ min: 1, max: MAX_LIST_PAGE }).default(1),
  pageSize: queryInteger({ min: 1, max: 500 }).default(25),
  search: trimmedText().max(200, messages.tooLong(200)).optional(),
  /** A sortable column of the list; any other name sorts by the list's default column. */
  sort: safeText().max(64, messages.tooLong(64)).optional(),
  direction: z.enum(['asc', 'desc']).default('asc'),
  /** `field:value,…`: stored values whose shown label matches the search (list-search.ts); each field one the list labels. */
  labelMatches: withRules(z.string().regex(LABEL_MATCHES_PATTERN, messages.invalidListQuery), [{ message: messages.invalidListQuery }]).optional(),
  /** `value,…`: the sorted column's values in the order of their shown labels; only with a sort by a labelled column. */
  sortOrder: withRules(z.string().regex(SORT_ORDER_PATTERN, messages.invalidListQuery), [{ message: messages.invalidListQuery }]).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const notificationVariantSchema = z.enum(['success', 'warning', 'error', 'info']);
export type NotificationVariant = z.infer<typeof notificationVariantSchema>;
