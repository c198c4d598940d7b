import fc from 'fast-check';
import { MULTILINE_TEXT, SINGLE_LINE_TEXT } from '@planta/contracts';

/**
 * fast-check arbitraries from the OpenAPI (3.0) schemas the API publishes: values that follow a
 * schema (with its boundaries: the shortest and longest text, the smallest and largest number, and
 * one step beyond each), and hostile values that a client may send whatever the schema says.
 */

export interface JsonSchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
}

/** An object with an own enumerable key, even `__proto__` (which a literal would turn into the prototype). */
export function withKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

const nested = (depth: number): unknown => {
  let value: unknown = { leaf: 1 };
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return value;
};

/** Texts no column should take as they are. */
export const HOSTILE_TEXTS = [
  '\u0000',
  'Prensa\u0000 1',
  '\uD800',
  'lado\uDC00B',
  '\uDBFF\uDBFF',
  '\u202Egnp.exe',
  '\u2066Prensa\u2069',
  '\u200F\u200E',
  '\u061C',
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  "' or 1=1 --",
  '"; drop table machine; --',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%00',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  '',
  ' ',
  '\t\n',
  'true',
  'null',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e3',
  '0x10',
  ' 1',
  '1 ',
  '+1',
  '-0',
  '1.5',
  '１２',
  '٣',
  '2147483648',
  '99999999999999999999',
  '2026-02-30',
  '0000-01-01',
  '0000-00-00',
  '2026-13-01',
  '99999-01-01',
  '2026-02-28T25:00:00Z',
  '2026-02-30T10:00:00Z',
  // UTC offsets PostgreSQL refuses (beyond ±15:59) or the schema does (beyond ±14:00), and a moment an offset carries into year 0.
  '2026-01-01T00:00:00+20:00',
  '2026-01-01T00:00:00-16:00',
  '2026-01-01T00:00:00+14:01',
  '0001-01-01T00:00:00+01:00',
  '2026-01-01T00:00:00',
  // Control characters: none in a text of one line, only tabs and line breaks in one of several.
  'a\u0001b',
  'línea 1\nlínea 2',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  // A photo elsewhere (a tracking pixel).
  'https://tracker.example/pixel.gif',
  'é'.repeat(300),
  '😀'.repeat(100),
] as const;

/**
 * A hostile text, by kind, so that each kind is tried often: what no column stores (NUL, half
 * surrogate pairs), what names must not keep (bidirectional controls), and everything else.
 */
export const hostileText = (): fc.Arbitrary<string> => {
  const unstorable = HOSTILE_TEXTS.filter((text) => text.includes('\u0000') || /[\uD800-\uDFFF]/.test(text));
  const bidi = HOSTILE_TEXTS.filter((text) => /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/.test(text));
  const rest = HOSTILE_TEXTS.filter((text) => !unstorable.includes(text) && !bidi.includes(text));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...unstorable) },
    { weight: 2, arbitrary: fc.constantFrom(...bidi) },
    { weight: 4, arbitrary: fc.constantFrom(...rest) },
  );
};

/** Numbers (and things sent in their place) at and beyond every boundary. */
export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  2147483647,
  2147483648,
  -2147483648,
  -2147483649,
  9007199254740991,
  9007199254740993,
  1e308,
  -1e308,
  5e-324,
  1e-7,
  true,
  false,
  null,
  '1',
  '',
  [],
  [1],
  {},
] as const;

/** Whole values a body, a field or an array item may be replaced with. */
export const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: hostileText() },
    { weight: 4, arbitrary: fc.constantFrom<unknown>(...HOSTILE_NUMBERS) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(nested(40), nested(300), withKey({}, '__proto__', { polluted: true }), { constructor: { prototype: 1 } }),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>('x'.repeat(5_000), 'ñ'.repeat(70_000)) },
  );

/** A query or path value that is no clean decimal number or known word. */
export const hostileQueryText = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: hostileText() },
    { weight: 2, arbitrary: fc.constantFrom('0', '-1', '2147483647', '2147483648', '9007199254740993', '1e308', 'NaN', '9'.repeat(400)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  );

function bounds(schema: JsonSchema, integer: boolean): { min: number; max: number } {
  const step = integer ? 1 : Number.EPSILON;
  let min = schema.minimum ?? -1e6;
  let max = schema.maximum ?? 1e6;
  if (schema.exclusiveMinimum === true) min += integer ? 1 : Math.max(step, Math.abs(min) * 1e-9, 1e-6);
  else if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + (integer ? 1 : 1e-6);
  if (schema.exclusiveMaximum === true) max -= integer ? 1 : 1e-6;
  else if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - (integer ? 1 : 1e-6);
  return { min, max };
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const integer = schema.type === 'integer';
  const { min, max } = bounds(schema, integer);
  const edges = [min, max, integer ? min - 1 : min - 1e-6, integer ? max + 1 : max * 1.000001 + 1e-6];
  const inside = integer
    ? fc.integer({ min: Math.max(min, -2_147_483_648), max: Math.min(max, 2_147_483_647) })
    : fc.double({ min: Math.max(min, -1e12), max: Math.min(max, 1e12), noNaN: true, noDefaultInfinity: true });
  // Small values most of the time: they are the ones that name rows and pass the rules.
  const small = integer ? fc.integer({ min: Math.max(min, 0), max: Math.max(Math.min(max, 60), Math.max(min, 0)) }) : inside;
  return fc.oneof({ weight: 5, arbitrary: small }, { weight: 3, arbitrary: inside }, { weight: 2, arbitrary: fc.constantFrom(...edges) });
}

/** The patterns of plain texts (which characters only): their values are made by length, as any text's. */
const TEXT_PATTERNS = new Set([SINGLE_LINE_TEXT.source, MULTILINE_TEXT.source]);

/** `date` written with its UTC offset of `minutes` (±14:00 at most), as a client in that zone sends it. */
function withOffset(date: Date, minutes: number): string {
  const local = new Date(date.getTime() + minutes * 60_000).toISOString().slice(0, 23);
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  return `${local}${minutes < 0 ? '-' : '+'}${hours}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 200;
  if (schema.format === 'date-time') {
    const moment = fc.date({ noInvalidDate: true, min: new Date('1990-01-01'), max: new Date('2100-01-01') });
    return fc.oneof(
      moment.map((date) => date.toISOString()),
      // Any offset within ±14:00, quarter hours (as time zones have them), the two edges included.
      fc
        .tuple(
          moment,
          fc.oneof(
            fc.integer({ min: -56, max: 56 }).map((quarters) => quarters * 15),
            fc.constantFrom(-840, 840),
          ),
        )
        .map(([date, minutes]) => withOffset(date, minutes)),
    );
  }
  if (schema.format === 'date')
    return fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2040-01-01') }).map((date) => date.toISOString().slice(0, 10));
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern && !TEXT_PATTERNS.has(schema.pattern)) {
    const pattern = new RegExp(schema.pattern);
    return fc.stringMatching(pattern).filter((text) => text.length <= maxLength + 1);
  }
  const allowed = new RegExp(schema.pattern ?? '');
  return fc.oneof(
    { weight: 6, arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength, 40) }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, 20) }).filter((text) => allowed.test(text)) },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(maxLength), 'x'.repeat(maxLength + 1), 'ñ'.repeat(maxLength), ' '.repeat(Math.max(minLength, 1))) },
  );
}

/** Values that follow the schema (mostly), boundaries included. */
export function validValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const own = ownValue(schema, depth);
  return schema.nullable ? fc.oneof({ weight: 6, arbitrary: own }, { weight: 1, arbitrary: fc.constant(null) }) : own;
}

function ownValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => validValue(choice, depth + 1)));
  // The schema's own keywords win (an email's format over its patterns); of the patterns, the last (the most particular).
  if (schema.allOf) return validValue(Object.assign({}, ...schema.allOf, { ...schema, allOf: undefined }) as JsonSchema, depth + 1);
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? validValue(schema.items, depth + 1) : fc.jsonValue({ maxDepth: 2 }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 6, 6)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (keys.length === 0) return depth > 3 ? fc.constant({}) : fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 });
      return fc.record(Object.fromEntries(keys.map((key) => [key, validValue(properties[key], depth + 1)])), {
        requiredKeys: keys.filter((key) => schema.required?.includes(key)),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * Values a client may send in place of a valid one: the valid value itself most of the time, else
 * a hostile one, down to every field and item, and objects with extra hostile keys.
 */
export function fuzzedValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const valid = validValue(schema, depth);
  const hostile = hostileValue();
  if (schema.type === 'object' && schema.properties && depth < 4) {
    const properties = schema.properties;
    const keys = Object.keys(properties);
    const fields = fc.record(Object.fromEntries(keys.map((key) => [key, fuzzedValue(properties[key], depth + 1)])), {
      requiredKeys: keys.filter((key) => schema.required?.includes(key)),
    });
    const extraKeys = fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'toString', 'prototype', 'id', 'company_id', 'x'), hostile), {
      maxLength: 2,
    });
    return fc.oneof(
      { weight: 5, arbitrary: fields },
      {
        weight: 1,
        arbitrary: fc.tuple(fields, extraKeys).map(([value, extras]) => {
          const copy = { ...(value as Record<string, unknown>) };
          for (const [key, extra] of extras) withKey(copy, key, extra);
          return copy;
        }),
      },
      { weight: 1, arbitrary: hostile },
    );
  }
  if (schema.type === 'array' && schema.items && depth < 4) {
    const items = fc.array(fuzzedValue(schema.items, depth + 1), {
      minLength: schema.minItems ?? 0,
      maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
    });
    return fc.oneof({ weight: 5, arbitrary: items }, { weight: 1, arbitrary: hostile });
  }
  // A text or a number is mostly replaced by what breaks texts or numbers, so that the rest of the body stays valid and it reaches the database.
  const near =
    schema.type === 'string' ? hostileText() : schema.type === 'number' || schema.type === 'integer' ? fc.constantFrom<unknown>(...HOSTILE_NUMBERS) : hostile;
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: near }, { weight: 1, arbitrary: hostile });
}

/** A query or path value: the schema's own (as text), or hostile text. */
export function fuzzedQueryText(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: validValue(schema).map((value) => (value === null || value === undefined ? '' : String(value))) },
    { weight: 2, arbitrary: hostileQueryText() },
  );
}
