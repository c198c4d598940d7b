/**
 * Die references as documents print them: '4521-2', '4521/2', 'EN-1042-1', 'Matriz 4521 copia 2'.
 * The catalogue names a die copy 'reference-copy' (copy an integer ≥ 1), so every form is read into
 * { reference, copy } and written back in that one form.
 */

export interface DieReference {
  reference: string;
  /** Null when the document names the die without a copy ('Matriz 4521'). */
  copy: number | null;
}

export interface DieReferenceMatch extends DieReference {
  /** Where the reference starts in the text and how long it is (for the field's box). */
  index: number;
  length: number;
  /** True when the copy was read from a letter OCR confuses with a digit ('4521-Z' → copy 2). */
  corrected: boolean;
}

/** Letters OCR reads for digits; in the copy position a letter can only be a misread digit. */
export const OCR_DIGIT_CONFUSIONS: Readonly<Record<string, string>> = {
  Z: '2',
  O: '0',
  Q: '0',
  D: '0',
  S: '5',
  B: '8',
  I: '1',
  L: '1',
  '|': '1',
  G: '6',
  T: '7',
};

/** 'Matriz', 'Ref.', 'Referencia', 'Nº' and the like before the reference itself. */
const PREFIX = /^(?:(?:matriz|matrices|mat\.|ref\.?|referencia|die|n[º°o?]\.?|num\.?|numero|número)(?![a-z])\s*[:.]?\s*)+/i;
/** A reference: letters and digits, possibly in dash-separated groups ('EN-1042'). */
const REF = String.raw`[A-Z0-9]+(?:-[A-Z0-9]+)*?`;
/** A copy written in words: 'copia 2', 'cop. 2', 'cp 2', 'c/2', 'nº copia 2'. */
const WORD_COPY = new RegExp(String.raw`^(${REF.replace('*?', '*')})\s*(?:,\s*)?(?:COPIA|COP\.?|CP\.?|C/)\s*(?:N[º°O]\.?\s*)?(\d{1,3})(?![A-Z0-9])`);
/** A copy after the last dash or slash: one or two digits, or letters OCR mistakes for digits (never a date's '12/03/2025'). */
const SEPARATOR_COPY = new RegExp(String.raw`^(${REF})\s?[-/]\s?([0-9ZOQDSBIL|GT]{1,2})(?![A-Z0-9]|[-/.]\d)`);
const BARE = new RegExp(String.raw`^(${REF.replace('*?', '*')})(?![A-Z0-9]|[-/.]\d)`);

/** The die reference at the start of a text (after an optional 'Matriz'/'Ref.'), or null. */
export function matchDieReference(text: string): DieReferenceMatch | null {
  const leading = text.length - text.trimStart().length;
  const prefix = PREFIX.exec(text.slice(leading))?.[0] ?? '';
  const start = leading + prefix.length;
  // Upper case letter for letter so that indexes stay those of the printed text.
  const rest = Array.from(text.slice(start), (char) => (char.toUpperCase().length === 1 ? char.toUpperCase() : char)).join('');
  const hasDigit = (reference: string) => /\d/.test(reference);

  const words = WORD_COPY.exec(rest);
  if (words && hasDigit(words[1]) && Number(words[2]) >= 1) {
    return { reference: words[1], copy: Number(words[2]), index: start, length: words[0].length, corrected: false };
  }
  const separated = SEPARATOR_COPY.exec(rest);
  if (separated && hasDigit(separated[1])) {
    const digits = Array.from(separated[2], (char) => OCR_DIGIT_CONFUSIONS[char] ?? char).join('');
    const copy = Number(digits);
    if (Number.isInteger(copy) && copy >= 1) {
      return { reference: separated[1], copy, index: start, length: separated[0].length, corrected: digits !== separated[2] };
    }
  }
  const bare = BARE.exec(rest);
  if (bare && hasDigit(bare[1])) return { reference: bare[1], copy: null, index: start, length: bare[0].length, corrected: false };
  return null;
}

/** The whole text as a die reference ('Matriz 4521 copia 2' → { reference: '4521', copy: 2 }), or null. */
export function parseDieReference(text: string): DieReference | null {
  const match = matchDieReference(text);
  if (!match || text.slice(match.index + match.length).trim() !== '') return null;
  return { reference: match.reference, copy: match.copy };
}

/** The catalogue form: '4521-2' (the reference alone when the copy is unknown). */
export function formatDieReference(die: DieReference): string {
  return die.copy === null ? die.reference : `${die.reference}-${die.copy}`;
}
