/**
 * What the database can store, as rules both sides apply before a value gets that far (issue
 * 10): PostgreSQL refuses a NUL character in any text and ends `int` columns at 2^31 − 1; half
 * of a surrogate pair is no character at all; the bidirectional controls are invisible and turn
 * the text shown around them backwards ('Trojan source'), which a name or label never needs.
 */

/** PostgreSQL `int` (int4) columns, every id among them, end here. */
export const INT4_MAX = 2_147_483_647;

/** The bidirectional formatting characters: embeddings and overrides, isolates, the LRM/RLM and ALM marks. */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text can be stored as it is: no NUL and no half of a surrogate pair. */
export const isStorableText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/**
 * Texts without control characters (Unicode Cc: C0, DEL, C1), which nobody types and which
 * break the lines, columns and exports a text is shown in (issue 36); a text of several lines (a
 * note, a description) keeps its tabs and line breaks. Patterns, so that the OpenAPI document says them too.
 */
export const SINGLE_LINE_TEXT = /^[^\u0000-\u001F\u007F-\u009F]*$/;
export const MULTILINE_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;

/** A name or label without bidirectional controls. */
export const stripBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');

/** A character that stays once a name is trimmed and without bidirectional controls: what a required name needs (a pattern, for the OpenAPI document). */
export const VISIBLE_TEXT = /[^\s\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

/** A whole number written in plain decimal digits (what a query or path may carry as a number). */
export const DECIMAL_DIGITS = /^\d{1,16}$/;

export interface JsonLimits {
  /** The longest the value may be as JSON text, in UTF-8 bytes. */
  maxBytes: number;
  /** Objects and arrays inside objects and arrays, at most this deep (the value itself is depth 1). */
  maxDepth: number;
  /** Keys and array items in the whole value, at most. */
  maxEntries: number;
}

export type JsonLimitProblem = 'size' | 'depth' | 'entries' | 'text';

/** A key or string of a free-form value (settings): storable, on one line. */
const isFreeFormText = (text: string) => isStorableText(text) && SINGLE_LINE_TEXT.test(text);

/**
 * Why a free-form JSON value may not be stored: too deep, too many keys, too long as text, or a
 * key or string that is not storable text of one line. Walks without recursion, so that no
 * nesting can exhaust the stack.
 */
export function jsonLimitProblem(value: unknown, limits: JsonLimits): JsonLimitProblem | undefined {
  const pending: [unknown, number][] = [[value, 1]];
  let entries = 0;
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current === 'string') {
      if (!isFreeFormText(current)) return 'text';
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth > limits.maxDepth) return 'depth';
    const children = Array.isArray(current) ? current : Object.values(current as object);
    if (!Array.isArray(current) && Object.keys(current as object).some((key) => !isFreeFormText(key))) return 'text';
    entries += children.length;
    if (entries > limits.maxEntries) return 'entries';
    for (const child of children) pending.push([child, depth + 1]);
  }
  return utf8Length(JSON.stringify(value) ?? '') > limits.maxBytes ? 'size' : undefined;
}

/** The length of a text in UTF-8 bytes (what the database stores of it). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * A picture the portal may show (a profile photo): a data URL of an image, or a file uploaded to
 * this installation, as `fileUrl(id)` names it (`/api/file/<id>`). Never an address elsewhere: a
 * photo in colleagues' chat lists would be a tracking pixel (issue 36).
 */
export const IMAGE_URL = /^(?:data:image\/(?:png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/]+={0,2}|\/api\/file\/[1-9]\d{0,9})$/;

/**
 * Where a request first carries text that cannot be stored, as a dotted path (a key counts as its
 * own path), or undefined. Without recursion: a request's nesting is bounded only by its size.
 */
export function unstorableTextPath(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path || '_';
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    for (const [key, child] of Object.entries(current as object)) {
      const childPath = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return path || '_';
      pending.push([child, childPath]);
    }
  }
  return undefined;
}
