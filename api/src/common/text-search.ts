/**
 * Search as people type: without accents and case ('manana' finds 'Mañana', 'EXTRU' finds
 * 'Extrusión'). Folded in SQL with translate() and lower(), which work whatever the database's
 * locale (lower() alone leaves accented capitals as they are under the C locale).
 */
const FOLDS: readonly [string, string][] = [
  ['ÁÀÂÄÃÅ', 'A'],
  ['áàâäãå', 'a'],
  ['ÉÈÊË', 'E'],
  ['éèêë', 'e'],
  ['ÍÌÎÏİ', 'I'],
  ['íìîïı', 'i'],
  ['ÓÒÔÖÕ', 'O'],
  ['óòôöõ', 'o'],
  ['ÚÙÛÜ', 'U'],
  ['úùûü', 'u'],
  ['Ñ', 'N'],
  ['ñ', 'n'],
  ['Ç', 'C'],
  ['ç', 'c'],
  ['Ş', 'S'],
  ['ş', 's'],
  ['Ğ', 'G'],
  ['ğ', 'g'],
];
const FROM = FOLDS.map(([accented]) => accented).join('');
const TO = FOLDS.map(([accented, plain]) => plain.repeat(accented.length)).join('');

/** The SQL of `expression` folded for search (no accents, lower case). */
export const foldedSql = (expression: string) => `lower(translate(${expression}, '${FROM}', '${TO}'))`;

/** SQL: whether any of `columns` contains the search term held in the parameter `param` (folded alike). */
export const containsFoldedSql = (columns: readonly string[], param: string) =>
  `(${columns.map((column) => `strpos(${foldedSql(column)}, ${foldedSql(param)}) > 0`).join(' or ')})`;
