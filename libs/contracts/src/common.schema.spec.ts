import { z } from 'zod';
import { createShareTokenRequestSchema, shortcutsSchema, userSettingsSchema, userUpdateRequestSchema } from './auth.schema';
import { sendMessageRequestSchema } from './chat.schema';
import {
  bodyInteger,
  FREE_FORM_LIMITS,
  idSchema,
  imageUrl,
  isoDate,
  isoDateTime,
  listQuerySchema,
  nameText,
  openApiOverride,
  periodBound,
  periodQuery,
  queryInteger,
  requiredText,
  safeText,
} from './common.schema';
import { enlistmentCreateSchema } from './dieshop/die-enlistment.schema';
import { machineStopCreateSchema } from './maintenance/machine-stop.schema';
import { workOrderCreateSchema } from './maintenance/work-order.schema';
import { dimensionRecordSchema } from './orders.schema';
import { pathId } from './endpoint';
import { issuesToFields } from './error.schema';
import { messages } from './messages';
import { orderSchema } from './production.schema';
import { resourceSchemas } from './resource.schemas';
import { extrusionLineResource, machineResource } from './resources';
import { IMAGE_URL, INT4_MAX, jsonLimitProblem, stripBidiControls, unstorableTextPath } from './safe-input';

/** The message a schema answers for a value, or 'ok' with the parsed value. */
function outcome(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  return result.success ? { ok: result.data } : result.error.issues[0].message;
}

describe('texts the database can store', () => {
  it.each([
    ['NUL', 'Prensa\u0000 1'],
    ['a NUL alone', '\u0000'],
    ['a high surrogate alone', '\uD800'],
    ['a low surrogate alone', 'lado\uDC00B'],
    ['two high surrogates', '\uDBFF\uDBFF'],
  ])('refuse %s in any text, name or free', (_what, text) => {
    expect(outcome(safeText(), text)).toBe(messages.invalidCharacters);
    expect(outcome(nameText(), text)).toBe(messages.invalidCharacters);
    expect(outcome(requiredText(80), text)).toBe(messages.invalidCharacters);
  });

  it.each([
    ['an emoji (a whole surrogate pair)', 'Turno 😀', 'Turno 😀'],
    ['Arabic', 'خط البثق ١', 'خط البثق ١'],
    ['a right-to-left override', '\u202Egnp.exe', 'gnp.exe'],
    ['isolates', '\u2066Prensa\u2069 2', 'Prensa 2'],
    ['marks, around spaces', ' \u200FPrensa\u200E ', 'Prensa'],
    ['the Arabic letter mark', 'خط\u061C 1', 'خط 1'],
  ])('keep %s in names, without bidirectional controls', (_what, text, stored) => {
    expect(outcome(nameText(), text)).toEqual({ ok: stored });
  });

  it('answers "required" for a name of bidirectional controls only', () => {
    expect(outcome(requiredText(80), '\u202E\u2066 ')).toBe(messages.required);
  });

  it('keeps free text as written, bidirectional marks included', () => {
    expect(outcome(safeText(), 'مرحبا \u200F(ok)')).toEqual({ ok: 'مرحبا \u200F(ok)' });
    expect(outcome(sendMessageRequestSchema.shape.message, 'hola\u0000')).toBe(messages.invalidCharacters);
  });

  it('strips bidirectional controls from resource names and order texts, not from what stays free text', () => {
    const machine = resourceSchemas(machineResource).create.parse({ name: '\u202ESierra', type: 'saw', model: 'X\u2066 1' });
    expect(machine).toMatchObject({ name: 'Sierra', model: 'X 1' });
    const order = orderSchema.safeParse({
      number: 'of-\u202E1',
      customer: 'C',
      profile: 'P',
      die_id: 1,
      alloy_id: 1,
      length_mm: 1,
      quantity_pieces: 1,
      quantity_kg: 1,
      due_date: '2026-03-01',
    });
    expect(order.data?.number).toBe('OF-1');
    expect(stripBidiControls('\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C')).toBe('');
  });

  it('finds the first unstorable text of a request, in values and in keys', () => {
    expect(unstorableTextPath({ a: 'ok', b: [{ c: 'x\u0000' }] })).toBe('b.0.c');
    expect(unstorableTextPath({ layout: { ['k\uD800']: 1 } })).toBe('layout');
    expect(unstorableTextPath({ a: ['fine', 1, null, true] })).toBeUndefined();
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(unstorableTextPath(deep)).toMatch(/^0(\.0)*$/);
  });
});

describe('control characters (issue 36)', () => {
  it.each([
    ['a bell', 'Ana\u0007 López'],
    ['an escape', '\u001b[31mAna'],
    ['a line break', 'Ana\nLópez'],
    ['a carriage return', 'Ana\rLópez'],
    ['a tab', 'Ana\tLópez'],
    ['DEL', 'Ana\u007f'],
    ['a C1 control', 'Ana\u0085López'],
  ])('refuse %s in a text of one line: a name, a shortcut, the display name', (_what, text) => {
    expect(outcome(safeText(), text)).toBe(messages.singleLineText);
    expect(outcome(nameText(), text)).toBe(messages.singleLineText);
    expect(outcome(shortcutsSchema, ['dies', text])).toBe(messages.singleLineText);
    const profile = userUpdateRequestSchema.safeParse({ user: { data: { displayName: text } } });
    expect(issuesToFields(profile.error!.issues)).toEqual({ 'user.data.displayName': messages.singleLineText });
  });

  it.each([
    ['a bell', 'Fuga\u0007'],
    ['an escape', '\u001b[31mFuga'],
    ['a form feed', 'Fuga\fjunta'],
    ['a C1 control', 'Fuga\u0085'],
  ])('refuse %s in a text of several lines', (_what, text) => {
    expect(outcome(safeText({ multiline: true }), text)).toBe(messages.controlCharacters);
    expect(outcome(sendMessageRequestSchema.shape.message, text)).toBe(messages.controlCharacters);
  });

  it('keep tabs and line breaks in a text of several lines, as written', () => {
    const text = 'Fuga de aceite:\r\n\t- junta rota\n\t- manguera';
    expect(outcome(safeText({ multiline: true }), text)).toEqual({ ok: text });
    expect(outcome(nameText({ multiline: true }), ` ${text}\n`)).toEqual({ ok: text });
  });

  it('refuse them in free-form settings too', () => {
    expect(jsonLimitProblem({ layout: { config: { mode: 'boxed\n' } } }, FREE_FORM_LIMITS)).toBe('text');
    expect(jsonLimitProblem({ layout: { config: { ['a\u0001']: 1 } } }, FREE_FORM_LIMITS)).toBe('text');
  });
});

describe('numbers of a JSON body are JSON numbers within their column', () => {
  const resourceId = createShareTokenRequestSchema.shape.resource_id;
  it.each([
    [true, 'a boolean'],
    ['1', 'a text'],
    [null, 'null'],
    [[], 'an array'],
    [[1], 'an array of a number'],
    [{}, 'an object'],
    [1.5, 'a fraction'],
    [0, 'zero'],
    [-1, 'a negative'],
    [INT4_MAX + 1, 'beyond an int column'],
    [1e308, 'huge'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'infinity'],
  ])('refuse %p (%s) as an id', (value: unknown, _what: string) => {
    expect(outcome(idSchema, value)).toBe(messages.invalidId);
    expect(resourceId.safeParse(value).success).toBe(false);
  });

  it('take the largest id an int column holds', () => {
    expect(outcome(idSchema, INT4_MAX)).toEqual({ ok: INT4_MAX });
    expect(outcome(bodyInteger({ min: 1, max: 720, message: 'm' }), 721)).toBe('m');
  });

  it.each([
    ['true', messages.positiveNumber],
    ['12', messages.positiveNumber],
    [null, messages.positiveNumber],
    [[], messages.positiveNumber],
    [1e308, messages.atMost(20000)],
  ])('refuse %p for a press tonnage', (value, message) => {
    const schema = resourceSchemas(extrusionLineResource).fields.shape.press_tonnage_t as z.ZodType;
    expect(outcome(schema, value)).toBe(message);
  });

  it('refuse a reference beyond an int column', () => {
    const schema = resourceSchemas(machineResource).fields.shape.line_id as z.ZodType;
    expect(schema.safeParse(INT4_MAX + 1).success).toBe(false);
    expect(schema.safeParse('3').success).toBe(false);
    expect(outcome(schema, null)).toEqual({ ok: null });
  });
});

describe('whole numbers of a query or a path are plain digits', () => {
  it.each(['true', '', ' 1', '1 ', '1e3', '0x10', '+1', '-1', '1.0', '１２', '0', '2147483648', '9'.repeat(400), 'NaN'])('refuse %p', (text) => {
    expect(outcome(queryInteger(), text)).toBe(messages.wholeNumberDigits);
    expect(outcome(pathId, text)).toBe(messages.invalidId);
  });

  it("take digits (and the typed client's numbers) within the bounds", () => {
    expect(outcome(queryInteger(), '42')).toEqual({ ok: 42 });
    expect(outcome(queryInteger(), '2147483647')).toEqual({ ok: INT4_MAX });
    expect(outcome(pathId, 7)).toEqual({ ok: 7 });
    expect(outcome(listQuerySchema, { page: '1000001' })).toBe(messages.wholeNumberDigits);
    expect(listQuerySchema.parse({ page: '3', pageSize: '500' })).toMatchObject({ page: 3, pageSize: 500 });
  });

  it('document them as integers with their bounds, never 9007199254740991', () => {
    const json = z.toJSONSchema(z.object({ page: listQuerySchema.shape.page, id: pathId, resource: idSchema }), {
      io: 'input',
      target: 'openapi-3.0',
      override: openApiOverride,
    }) as { properties: Record<string, Record<string, unknown>> };
    expect(json.properties.page).toEqual({ default: 1, type: 'integer', minimum: 1, maximum: 1_000_000 });
    expect(json.properties.id).toEqual({ type: 'integer', minimum: 1, maximum: INT4_MAX });
    expect(json.properties.resource).toMatchObject({ type: 'integer', maximum: INT4_MAX });
    expect(JSON.stringify(json)).not.toContain('9007199254740991');
  });
});

describe('dates', () => {
  it.each([
    '2026-02-30',
    '2026-13-01',
    '0000-01-01',
    '0000-00-00',
    '2026-00-10',
    '2026-04-31',
    '2026-02-29',
    '1900-02-29',
    '2026-1-1',
    '99999-01-01',
    '2026-02-28T00:00:00Z',
    '',
  ])('refuse %p', (text) => {
    expect(outcome(isoDate, text)).toBe(messages.dateFormat);
  });
  it.each(['2028-02-29', '2000-02-29', '0400-02-29', '0001-01-01', '9999-12-31'])('take the real day %p', (text) => {
    expect(outcome(isoDate, text)).toEqual({ ok: text });
  });
  it('say in the OpenAPI document what they take', () => {
    const json = z.toJSONSchema(isoDate, { io: 'input', target: 'openapi-3.0' }) as { pattern: string; format: string };
    expect(json.format).toBe('date');
    const pattern = new RegExp(json.pattern);
    expect(['0000-00-00', '2026-02-30', '2100-02-29'].filter((text) => pattern.test(text))).toEqual([]);
    expect(['2026-02-28', '2024-02-29', '2000-02-29'].every((text) => pattern.test(text))).toBe(true);
  });
});

describe('moments: one date-time schema, offsets within ±14:00, handed on as UTC (issue 36)', () => {
  it.each([
    ['2026-01-01T00:00:00+20:00', 'an offset PostgreSQL refuses'],
    ['2026-01-01T00:00:00+14:01', 'an offset beyond ±14:00'],
    ['2026-01-01T00:00:00-14:30', 'a negative one'],
    ['2026-01-01T00:00:00+1400', 'an offset without its colon'],
    ['2026-01-01T00:00:00', 'no offset at all'],
    ['2026-01-01T00:00Z', 'no seconds'],
    ['2026-02-30T10:00:00Z', 'a day that does not exist'],
    ['0000-00-00T00:00:00Z', 'the year zero'],
    ['0001-01-01T00:00:00+01:00', 'a moment an offset carries into the year zero'],
    ['9999-12-31T23:30:00-01:00', 'or into the year 10000'],
    ['2026-01-01 10:00:00Z', 'a space for the T'],
    ['2026-01-01T24:00:00Z', 'the hour 24'],
  ])('refuse %p (%s) in Spanish', (text) => {
    expect(outcome(isoDateTime, text)).toBe(messages.dateTimeFormat);
  });

  it.each([
    ['2026-01-01T00:00:00+14:00', '2025-12-31T10:00:00.000Z'],
    ['2026-01-01T00:00:00-14:00', '2026-01-01T14:00:00.000Z'],
    ['2026-03-29T02:30:00.25+05:45', '2026-03-28T20:45:00.250Z'],
    ['2026-10-29T10:00:00Z', '2026-10-29T10:00:00.000Z'],
    ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
  ])('take %p as the UTC %p', (text, utc) => {
    expect(outcome(isoDateTime, text)).toEqual({ ok: utc });
  });

  it.each([
    ['a stop', machineStopCreateSchema, 'started_at'],
    ['a work order', workOrderCreateSchema, 'due_at'],
    ['a preparation', enlistmentCreateSchema, 'needed_at'],
    ['a critical dimension', dimensionRecordSchema, 'date_saved'],
  ])('are the one rule of %s', (_what, schema: z.ZodType, field) => {
    const fields = issuesToFields(schema.safeParse({ [field]: '2026-01-01T00:00:00+20:00' }).error!.issues);
    expect(fields[field]).toBe(messages.dateTimeFormat);
  });

  it('say their offsets and days in the OpenAPI document', () => {
    const json = z.toJSONSchema(isoDateTime, { io: 'input', target: 'openapi-3.0' }) as { pattern: string; format: string };
    expect(json.format).toBe('date-time');
    const pattern = new RegExp(json.pattern);
    expect(['2026-01-01T00:00:00+20:00', '2026-01-01T00:00:00+14:01', '2026-02-30T00:00:00Z'].filter((text) => pattern.test(text))).toEqual([]);
    expect(['2026-01-01T00:00:00+14:00', '2026-01-01T00:00:00.123456-09:30', '2026-01-01T00:00:00Z'].every((text) => pattern.test(text))).toBe(true);
  });
});

describe("a period's bound: a moment, or a day alone (issue 36)", () => {
  it.each(['2026-10-29', '2026-10-29T00:00:00+01:00'])('takes %p', (text) => {
    expect(periodBound.safeParse(text).success).toBe(true);
  });
  it.each(['2026-10-29T00:00:00+20:00', '0000-00-00', '2026-02-30', '1969-12-31', '9000-01-01', 'ayer'])('refuses %p in Spanish', (text) => {
    expect(outcome(periodBound, text)).toBe(messages.periodBound);
  });
  it('checks the order and length of a period of days alone as whole days', () => {
    const check = periodQuery({ from: periodBound.optional(), to: periodBound.optional() }, 2, 'largo');
    expect(check.safeParse({ from: '2026-10-29', to: '2026-10-29' }).success).toBe(true);
    expect(check.safeParse({ from: '2026-10-29', to: '2026-10-30' }).success).toBe(true);
    expect(issuesToFields(check.safeParse({ from: '2026-10-29', to: '2026-10-31' }).error!.issues)).toEqual({ from: 'largo' });
    expect(issuesToFields(check.safeParse({ from: '2026-10-30', to: '2026-10-29' }).error!.issues)).toEqual({ to: messages.periodOrder });
  });
});

describe('free-form settings are bounded', () => {
  const limitsMessage = messages.settingsTooLarge(FREE_FORM_LIMITS.maxBytes / 1024);
  it.each([
    ['too large', { theme: { main: 'default' }, layout: { config: { blob: 'x'.repeat(17 * 1024) } } }, limitsMessage],
    ['too deep', { layout: { config: { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } } } }, limitsMessage],
    ['too many keys', { layout: { config: Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`k${index}`, index])) } }, limitsMessage],
    ['a NUL inside', { layout: { config: { note: 'a\u0000' } } }, messages.invalidCharacters],
    ['a key that is no plain name', { layout: { config: { 'a b': 1 } } }, messages.validationFailed],
    ['an unknown key', { colour: 'red' }, undefined],
  ])('refuse settings %s', (_what, settings, message) => {
    const result = userSettingsSchema.safeParse(settings);
    expect(result.success).toBe(false);
    if (message) expect(result.error!.issues[0].message).toBe(message);
  });

  it('never take a __proto__ key (it is dropped, and no prototype changes)', () => {
    const parsed = userSettingsSchema.parse(JSON.parse('{"layout":{"config":{"__proto__":{"polluted":true},"mode":"boxed"}}}'));
    expect(parsed).toEqual({ layout: { config: { mode: 'boxed' } } });
    expect(Object.getPrototypeOf(parsed.layout!.config)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('take what the portal stores', () => {
    const settings = {
      layout: { style: 'layout2', config: { mode: 'boxed', containerWidth: 1120, navbar: { display: true, position: 'right' } } },
      theme: { main: 'default', navbar: 'defaultDark' },
      direction: 'rtl',
      animations: false,
      language: 'ar',
    };
    expect(userSettingsSchema.parse(settings)).toEqual(settings);
  });

  it('bounds by size, depth, entries and text, whatever the nesting', () => {
    const limits = { maxBytes: 100, maxDepth: 2, maxEntries: 3 };
    expect(jsonLimitProblem({ a: 'ñ'.repeat(49) }, limits)).toBe('size');
    expect(jsonLimitProblem({ a: { b: {} } }, limits)).toBe('depth');
    expect(jsonLimitProblem([1, 2, 3, 4], limits)).toBe('entries');
    expect(jsonLimitProblem({ ['\u0000']: 1 }, limits)).toBe('text');
    expect(jsonLimitProblem({ a: [1, 2] }, limits)).toBeUndefined();
  });
});

describe('photos are image data or files uploaded here (issue 36)', () => {
  it.each([
    'https://example.com/ana.png',
    'http://intranet:8080/fotos/ana.jpg?v=2#x',
    'https://tracker.example/pixel.gif?user=ana',
    '/api/file/0',
    '/api/file/12/../../x',
    '/api/file/12?x=1',
    'DATA:IMAGE/PNG;base64,iVBORw0KGgo=',
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/x.png',
    'https://',
    'https://exa mple.com/a.png',
    'https://example.com/\u202Egnp.png',
    '',
  ])('refuse %p', (url) => {
    expect(IMAGE_URL.test(url)).toBe(false);
    expect(outcome(imageUrl(2048), url)).toBe(messages.imageUrl);
  });

  it.each(['data:image/png;base64,iVBORw0KGgo=', 'data:image/webp;base64,UklGRg==', '/api/file/12'])('take %p', (url) => {
    expect(outcome(imageUrl(2048), url)).toEqual({ ok: url });
  });

  it('answers the field of the profile update', () => {
    const result = userUpdateRequestSchema.safeParse({ user: { data: { photoURL: 'javascript:alert(1)' } } });
    expect(issuesToFields(result.error!.issues)).toEqual({ 'user.data.photoURL': messages.imageUrl });
  });
});
