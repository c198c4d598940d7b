/**
 * Values as Spanish die-shop paperwork prints them (decimal comma, dotted thousands, dd/mm/aaaa
 * dates, 'marzo'), and the clean-ups OCR needs before any of them can be read (domain.md D2.5, D5).
 * Pure functions: the extractors, the classifier and the review form's checks share them.
 */

/** Characters folded to one letter so that 'Nº', 'N°' and 'No' compare equal in labels (and 'Ø' is a letter of its own). */
const FOLD_SPECIAL: Record<string, string> = { º: 'o', '°': 'o', ª: 'a', ß: 's', Ø: 'ø', '⌀': 'ø' };

/**
 * Lower case without accents, one character for one (same length as the input), so that an index
 * found in the folded text is an index in the printed text: 'Duración' → 'duracion', 'Nº' → 'no'.
 */
export function foldText(text: string): string {
  let folded = '';
  for (const char of text) {
    const special = FOLD_SPECIAL[char];
    if (special) {
      folded += special;
      continue;
    }
    const plain = char
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    // A character that would not fold to exactly one stays as it is (keeps the indexes aligned).
    folded += plain.length === 1 && char.length === 1 ? plain : char;
  }
  return folded;
}

/** A label as compared: folded, punctuation and spaces collapsed ('Nº  Certificado:' → 'no certificado'). */
export function normalizeLabel(text: string): string {
  return foldText(cleanOcrText(text))
    .replace(/[^a-z0-9ø]+/g, ' ')
    .trim();
}

/**
 * The misreadings OCR makes on these documents, undone: 'N?' / 'N°' / 'No.' → 'Nº' (the ordinal
 * sign is not in the English data, and the Spanish data reads it as '?'), '*C' → '°C', and a letter
 * O inside a number → 0 ('1.O5O' → '1.050'). Words are left alone: only O next to digits changes.
 */
export function cleanOcrText(text: string): string {
  return (
    text
      // 'N?', 'N°', 'Nº', 'No.', 'N.º', 'N o' before a value or a word: the ordinal sign.
      .replace(/\bN(?:\?|°|º|o\.|\.º|\.°)(?=\s|$|[:\-A-Za-z0-9])/g, 'Nº')
      // Lower case too, but never 'no.' (a sentence's 'no').
      .replace(/\bn(?:\?|°|\.º|\.°)(?=\s|$|[:\-A-Za-z0-9])/g, 'nº')
      // '510 *C', '510*C', '510 ºC' → '°C' (only after a number, so a footnote star stays).
      .replace(/(\d\s?)[*º]\s?C\b/g, '$1°C')
      // A run of digits, O/o and separators that holds a digit: the O are zeros ('2O25', '1.O5O').
      .replace(/(?<![A-Za-z])[0-9Oo](?:[0-9Oo.,]*[0-9Oo])?(?![A-Za-z])/g, (run) => (/\d/.test(run) && run.length > 1 ? run.replace(/[Oo]/g, '0') : run))
  );
}

/** A number as found in a text: its value and where it was printed. */
export interface NumberMatch {
  value: number;
  index: number;
  length: number;
}

/** Digits with dots and commas, as printed (signs apart): '1.050,5', '0,12', '1050'. */
const NUMBER_TOKEN = /(?:[+\-−]\s?)?\d(?:[\d.,]*\d)?/;

/**
 * A Spanish number: the comma is the decimal sign and the dot groups thousands ('1.050' = 1050,
 * '1.050,5' = 1050.5, '0,12' = 0.12). A lone dot that is not followed by exactly three digits is read
 * as a decimal point ('12.5'), because some suppliers print English decimals. Null when not a number.
 */
export function parseSpanishNumber(text: string): number | null {
  const trimmed = text.trim().replace(/−/g, '-');
  if (!/^[+-]?\s?\d(?:[\d.,]*\d)?$/.test(trimmed)) return null;
  const sign = trimmed.startsWith('-') ? -1 : 1;
  const digits = trimmed.replace(/^[+-]\s?/, '');
  const dots = (digits.match(/\./g) ?? []).length;
  const commas = (digits.match(/,/g) ?? []).length;
  let normalised: string;
  if (dots > 0 && commas > 0) {
    // Both: the last one is the decimal sign, the other groups thousands.
    const decimal = digits.lastIndexOf(',') > digits.lastIndexOf('.') ? ',' : '.';
    const thousands = decimal === ',' ? '.' : ',';
    const [whole, fraction, ...rest] = digits.split(decimal);
    if (rest.length > 0 || !validGroups(whole, thousands)) return null;
    normalised = `${whole.split(thousands).join('')}.${fraction}`;
  } else if (commas > 0) {
    if (commas > 1) {
      if (!validGroups(digits, ',')) return null;
      normalised = digits.split(',').join('');
    } else normalised = digits.replace(',', '.');
  } else if (dots > 1) {
    if (!validGroups(digits, '.')) return null;
    normalised = digits.split('.').join('');
  } else if (dots === 1 && /^[1-9]\d{0,2}\.\d{3}$/.test(digits)) {
    normalised = digits.replace('.', '');
  } else normalised = digits;
  const value = Number(normalised);
  return Number.isFinite(value) ? sign * value : null;
}

/** '1.234.567': groups of three after the first group of one to three digits. */
function validGroups(text: string, separator: string): boolean {
  const [first, ...groups] = text.split(separator);
  return /^\d{1,3}$/.test(first) && groups.every((group) => /^\d{3}$/.test(group));
}

/** The first number in a text (a date's or a code's digits are numbers too: match dates first). */
export function matchSpanishNumber(text: string): NumberMatch | null {
  const pattern = new RegExp(NUMBER_TOKEN.source, 'g');
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    // A sign glued to a preceding word is a hyphen ('CN-2025'), not a minus.
    let token = match[0];
    let index = match.index;
    if (/^[+\-−]/.test(token) && index > 0 && /[A-Za-z0-9]/.test(text[index - 1])) {
      const stripped = token.replace(/^[+\-−]\s?/, '');
      index += token.length - stripped.length;
      token = stripped;
    }
    const value = parseSpanishNumber(token);
    if (value !== null) return { value, index, length: token.length };
  }
  return null;
}

/** A number as the extracted draft stores it: a point for decimals, no thousands ('0.12', '1050'). */
export function formatDecimal(value: number): string {
  return String(Number(value.toFixed(6)));
}

/** A tolerance band: how far below and above the nominal, both as positive magnitudes. */
export interface Tolerance {
  minus: number;
  plus: number;
}

/**
 * '± 0,10', '+/- 0,1', '+0,15/-0,05', '+0,15 / -0,05', '-0,05 +0,15': the band around a nominal
 * (the contracts' tol_minus_mm / tol_plus_mm, both positive). Null when the text is no tolerance.
 */
export function parseTolerance(text: string): Tolerance | null {
  return matchTolerance(text)?.tolerance ?? null;
}

/** The first tolerance in a text and where it was printed. */
export function matchTolerance(text: string): { tolerance: Tolerance; index: number; length: number } | null {
  const value = String.raw`(\d(?:[\d.,]*\d)?)`;
  const symmetric = new RegExp(String.raw`(?:±|\+\s?/\s?-|\+-)\s?` + value);
  const asymmetric = new RegExp(String.raw`([+\-−])\s?` + value + String.raw`\s?(?:/|;|\s)\s?([+\-−])\s?` + value);
  const both = asymmetric.exec(text);
  const single = symmetric.exec(text);
  if (single && (!both || single.index <= both.index)) {
    const magnitude = parseSpanishNumber(single[1]);
    if (magnitude !== null) return { tolerance: { minus: magnitude, plus: magnitude }, index: single.index, length: single[0].length };
  }
  if (both) {
    const first = parseSpanishNumber(both[2]);
    const second = parseSpanishNumber(both[4]);
    const firstPlus = both[1] === '+';
    const secondPlus = both[3] === '+';
    if (first !== null && second !== null && firstPlus !== secondPlus) {
      return {
        tolerance: firstPlus ? { plus: first, minus: second } : { plus: second, minus: first },
        index: both.index,
        length: both[0].length,
      };
    }
  }
  return null;
}

const MONTHS: Record<string, number> = {
  enero: 1,
  ene: 1,
  febrero: 2,
  feb: 2,
  marzo: 3,
  mar: 3,
  abril: 4,
  abr: 4,
  mayo: 5,
  may: 5,
  junio: 6,
  jun: 6,
  julio: 7,
  jul: 7,
  agosto: 8,
  ago: 8,
  septiembre: 9,
  setiembre: 9,
  sep: 9,
  sept: 9,
  set: 9,
  octubre: 10,
  oct: 10,
  noviembre: 11,
  nov: 11,
  diciembre: 12,
  dic: 12,
};

/** A date as found in a text: ISO 'yyyy-mm-dd' and where it was printed. */
export interface DateMatch {
  iso: string;
  index: number;
  length: number;
}

/** '12/03/2025', '12-03-2025', '12.03.25', '12 de marzo de 2025', '2025-03-12' → '2025-03-12'; null when none. */
export function parseSpanishDate(text: string): string | null {
  const match = matchSpanishDate(text.trim());
  return match && match.index === 0 && match.length === text.trim().length ? match.iso : null;
}

/** The first valid date in a text (day first, as in Spain; two-digit years are this century). */
export function matchSpanishDate(text: string): DateMatch | null {
  const folded = foldText(text);
  const monthNames = Object.keys(MONTHS)
    .sort((a, b) => b.length - a.length)
    .join('|');
  const patterns: { regex: RegExp; read: (match: RegExpExecArray) => [number, number, number] }[] = [
    { regex: /(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/g, read: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
    { regex: /(?<![\d.,])(\d{1,2})\s?([/.-])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?![\d,]|\.\d)/g, read: (m) => [year(m[4]), Number(m[3]), Number(m[1])] },
    {
      regex: new RegExp(String.raw`(?<!\d)(\d{1,2})\s*(?:de\s+)?(${monthNames})\.?\s*(?:de(?:l)?\s+|[,/-]\s*)?(\d{4})(?!\d)`, 'g'),
      read: (m) => [Number(m[3]), MONTHS[m[2]], Number(m[1])],
    },
  ];
  let best: DateMatch | null = null;
  for (const { regex, read } of patterns) {
    for (let match = regex.exec(folded); match; match = regex.exec(folded)) {
      const iso = isoDate(...read(match));
      if (iso && (!best || match.index < best.index)) best = { iso, index: match.index, length: match[0].length };
      if (iso) break;
    }
  }
  return best;
}

function year(text: string): number {
  return text.length === 2 ? 2000 + Number(text) : Number(text);
}

/** A real calendar date as 'yyyy-mm-dd', or null (31/02 is no date). */
function isoDate(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || y < 1900 || y > 2199) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The edit distance of two strings (insertions, deletions and substitutions cost 1). */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
