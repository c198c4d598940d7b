import { DOCUMENT_TYPE_SPECS, type DocumentFieldSpec, type DocumentType } from '@planta/contracts';
import type { DocumentText, TextBox } from '../document-text';
import { formatDieReference, matchDieReference } from './die-reference';
import { cellAt, compileLabel, findLabel, findLabelFuzzy, spanOf, viewLines, type CompiledLabel, type LabelHit, type LineView } from './document-lines';
import { allLabelsOf, choiceOf, CODE_FIELDS, FALLBACK_LABELS, labelsOf } from './field-labels';
import { foldText, formatDecimal, matchSpanishDate, matchSpanishNumber, matchTolerance, normalizeLabel } from './spanish-values';

/**
 * Field extraction (domain.md D2.5): one extractor per document type, all built from the same
 * parts. A header field is found by its label (the value to its right on the same line, or in the
 * cell just below it); a table by its header line, each following line's cells going to the column
 * whose header they stand under. Every value is normalised to its kind and carries where it was
 * printed (page, box) and how sure the reading is, for the review screen (D3).
 */

export interface ExtractedField {
  key: string;
  value: string | null;
  /** 0..1: the words' OCR confidence × the rule's (exact label 0.95, learned label 0.9, guess 0.6-0.75, missing 0). */
  confidence: number;
  page: number | null;
  box: TextBox | null;
  /** The label as printed on the document. */
  label: string | null;
}

export interface ExtractedDraft {
  /** Every header field of the type's spec, in spec order (value null when not found). */
  fields: ExtractedField[];
  /** The table's rows, each with every row field of the spec, in spec order. */
  rows: ExtractedField[][];
}

/** Extra label texts a supplier's documents use, by field key (learned from confirmed uploads). */
export type LabelSynonyms = Record<string, string[]>;

/** What the user confirmed on the review screen: header values and table rows, by key. */
export interface ConfirmedDraft {
  fields: Record<string, string | null>;
  rows: Record<string, string | null>[];
}

/** How sure each way of finding a value is, before the words' own OCR confidence. */
export const RULE_CONFIDENCE = {
  /** A built-in label of the field. */
  exact: 0.95,
  /** A label learned from this plant's confirmed documents. */
  synonym: 0.9,
  /** A cell under a table header found by a built-in label. */
  column: 0.9,
  /** A cell under a table header found by a learned label. */
  synonymColumn: 0.85,
  /** A label printed with an OCR slip. */
  fuzzy: 0.7,
  /** A value recognised by its shape or place, with no label ('A  Ancho  45,00  ±0,20'). */
  pattern: 0.7,
  /** The supplier's name among the letterhead's lines. */
  letterhead: 0.75,
  /** A weak label or a first-line guess. */
  positional: 0.6,
} as const;

/** The value of the line below a label is a little less surely that label's. */
const BELOW_FACTOR = 0.95;

/** A value found: where, how sure, under which label. */
interface Candidate {
  value: string;
  confidence: number;
  line: LineView;
  start: number;
  end: number;
  label: string | null;
}

/** The document's lines, read once, and what every extractor of a type shares. */
interface Context {
  type: DocumentType;
  text: DocumentText;
  lines: LineView[];
  synonyms: LabelSynonyms;
  /** Every label of the type, to stop a value where the next label starts. */
  stops: CompiledLabel[];
}

type Extractor = (context: Context) => ExtractedDraft;

/** The generic extractor: header fields by label, rows by table (or by label blocks). */
const standard: Extractor = (context) => ({ fields: headerFields(context), rows: tableRows(context) });

/** Certificates and delivery notes: the supplier's name is its letterhead when no label names it. */
const withSupplier: Extractor = (context) => {
  const draft = standard(context);
  const supplier = draft.fields.find((field) => field.key === 'supplier');
  if (supplier && supplier.value === null) Object.assign(supplier, fieldOf('supplier', findSupplier(context.lines)));
  return draft;
};

/** A certificate names its process in a sentence as often as after 'Proceso:' ('nitrurado en baño de sales'). */
const nitridingCertificate: Extractor = (context) => {
  const draft = withSupplier(context);
  const process = draft.fields.find((field) => field.key === 'process');
  const spec = specOf(context.type, 'process');
  if (process && process.value === null && spec?.options) {
    for (const line of context.lines) {
      const choice = choiceOf('process', spec.options, line.text);
      if (!choice) continue;
      const candidate = candidateAt(line, choice.index, choice.index + choice.length, choice.option, RULE_CONFIDENCE.positional * choice.certainty, null);
      if (candidate) Object.assign(process, fieldOf('process', candidate));
      break;
    }
  }
  return draft;
};

/** A profile drawing's dimensions often stand without a header: 'A  Ancho  45,00  ±0,20'. */
const profileDrawing: Extractor = (context) => {
  const draft = standard(context);
  if (draft.rows.some((row) => row.some((field) => field.value !== null))) return draft;
  const rows = dimensionLines(context.lines);
  return { ...draft, rows };
};

export const EXTRACTORS: Record<DocumentType, Extractor> = {
  nitriding_certificate: nitridingCertificate,
  delivery_note: withSupplier,
  die_drawing: standard,
  profile_drawing: profileDrawing,
  production_order: standard,
  die_inventory: standard,
};

/** The draft of a document of a given type: every field of the type's spec, found or null. */
export function extractFields(type: DocumentType, text: DocumentText, synonyms: LabelSynonyms = {}): ExtractedDraft {
  const stopTexts = [...allLabelsOf(type), ...Object.values(synonyms).flat()];
  const context: Context = { type, text, lines: viewLines(text), synonyms, stops: stopTexts.map(compileLabel) };
  return EXTRACTORS[type](context);
}

// ---------------------------------------------------------------------------------------------
// Header fields

function headerFields(context: Context): ExtractedField[] {
  return DOCUMENT_TYPE_SPECS[context.type].fields.map((field) => fieldOf(field.key, bestCandidate(labelCandidates(context, field))));
}

function specOf(type: DocumentType, key: string): DocumentFieldSpec | undefined {
  const spec = DOCUMENT_TYPE_SPECS[type];
  return [...spec.fields, ...(spec.rows?.fields ?? [])].find((field) => field.key === key);
}

/** A missing field: no value, no place, confidence 0. */
function missing(key: string): ExtractedField {
  return { key, value: null, confidence: 0, page: null, box: null, label: null };
}

function fieldOf(key: string, candidate: Candidate | null): ExtractedField {
  if (!candidate) return missing(key);
  const span = spanOf(candidate.line, candidate.start, candidate.end);
  return {
    key,
    value: candidate.value,
    confidence: round(candidate.confidence),
    page: candidate.line.page,
    box: span?.box ?? candidate.line.box,
    label: candidate.label,
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The most confident candidate; the first printed of equals (a header comes before its repetitions). */
function bestCandidate(candidates: Candidate[]): Candidate | null {
  let best: Candidate | null = null;
  for (const candidate of candidates) {
    if (!best || candidate.confidence > best.confidence + 1e-9) best = candidate;
  }
  return best;
}

/**
 * Every value a field's labels point at, by tiers: built-in and learned labels; if none, labels with
 * an OCR slip; if none, the type's weaker labels.
 */
function labelCandidates(context: Context, field: DocumentFieldSpec): Candidate[] {
  const exact = labelsOf(field.key).map((text) => ({ label: compileLabel(text), rule: RULE_CONFIDENCE.exact }));
  const learned = (context.synonyms[field.key] ?? []).map((text) => ({ label: compileLabel(text), rule: RULE_CONFIDENCE.synonym }));
  const tiers: { labels: { label: CompiledLabel; rule: number }[]; fuzzy?: boolean }[] = [
    { labels: [...exact, ...learned] },
    { labels: exact, fuzzy: true },
    { labels: (FALLBACK_LABELS[context.type]?.[field.key] ?? []).map((text) => ({ label: compileLabel(text), rule: RULE_CONFIDENCE.positional })) },
  ];
  for (const tier of tiers) {
    const candidates: Candidate[] = [];
    for (const line of context.lines) {
      for (const { label, rule } of tier.labels) {
        const hits = tier.fuzzy ? findLabelFuzzy(line, label) : findLabel(line, label);
        for (const hit of hits) {
          const candidate = valueAfter(context, field, hit, tier.fuzzy ? RULE_CONFIDENCE.fuzzy : rule);
          if (candidate) candidates.push(candidate);
        }
      }
    }
    if (candidates.length > 0) return candidates;
  }
  return [];
}

/** The value a label points at: the rest of its cell, else the next cell, else the cell below it. */
function valueAfter(context: Context, field: DocumentFieldSpec, hit: LabelHit, rule: number): Candidate | null {
  const { line } = hit;
  const cell = cellAt(line, hit.start);
  if (!cell) return null;
  const skipped = /^(?:\s|[:=#]|\.(?!\d)|-(?=\s)|\([^)]{0,12}\))*/.exec(line.text.slice(hit.end))?.[0].length ?? 0;
  const start = hit.end + skipped;
  const labelAtCellStart = line.text.slice(cell.start, hit.start).trim() === '';
  const regions: { line: LineView; start: number; end: number; factor: number }[] = [];
  if (start < cell.end) regions.push({ line, start, end: cell.end, factor: 1 });
  else if (labelAtCellStart) {
    // 'Dureza superficial:      1.050 HV' (the value in its own column), or the value below the label.
    const next = line.cells.find((other) => other.start > cell.start);
    if (next) regions.push({ line, start: next.start, end: next.end, factor: 1 });
    const below = context.lines[line.order + 1];
    const labelBox = spanOf(line, hit.start, hit.end)?.box;
    if (below && below.page === line.page && labelBox) {
      const under = below.cells.find((other) => other.box.x < labelBox.x + labelBox.width && other.box.x + other.box.width > labelBox.x);
      if (under) regions.push({ line: below, start: under.start, end: under.end, factor: BELOW_FACTOR });
    }
  }
  for (const region of regions) {
    const end = stopAtLabel(context, region.line, region.start, region.end);
    if (end <= region.start) continue;
    const read = readValue(field, region.line.text.slice(region.start, end));
    if (!read) {
      // A value right after its label that is no value of this kind: the label was another word.
      if (region.line === line && region.start === start) return null;
      continue;
    }
    return candidateAt(region.line, region.start + read.start, region.start + read.end, read.value, rule * region.factor * read.certainty, hit.printed.trim());
  }
  return null;
}

function candidateAt(line: LineView, start: number, end: number, value: string, rule: number, label: string | null): Candidate | null {
  const span = spanOf(line, start, end);
  if (!span) return null;
  return { value, confidence: span.confidence * rule, line, start, end, label };
}

/** Where a value ends: before the next label followed by ':' (or at once when the region is a label). */
function stopAtLabel(context: Context, line: LineView, start: number, end: number): number {
  let stop = end;
  const first = start + (/^\s*/.exec(line.text.slice(start))?.[0].length ?? 0);
  for (const label of context.stops) {
    for (const hit of findLabel(line, label)) {
      if (hit.start < first || hit.start >= stop) continue;
      const labelled = /^\s*(?:\([^)]{0,12}\))?\s*[:=]/.test(line.text.slice(hit.end));
      const wholeRegion = hit.start === first && line.text.slice(hit.end, end).trim().replace(/^[:=]/, '').trim() === '';
      if (labelled || wholeRegion) stop = hit.start;
    }
  }
  return stop;
}

// ---------------------------------------------------------------------------------------------
// Values by kind

interface ValueRead {
  value: string;
  /** Offsets in the text read. */
  start: number;
  end: number;
  /** 1 for a clean reading, less for a corrected one ('4521-Z' → '4521-2'). */
  certainty: number;
}

/** The value of a field at the start of a text, normalised to its kind; null when there is none. */
export function readValue(field: Pick<DocumentFieldSpec, 'key' | 'kind' | 'options'>, text: string): ValueRead | null {
  const lead = /^\s*/.exec(text)?.[0].length ?? 0;
  switch (field.kind) {
    case 'number':
    case 'integer': {
      // 'Ø 250', '~ 24': a sign before the figure is no part of it.
      const prefix = /^\s*(?:[Øø⌀~≈]|aprox\.?)?\s*/i.exec(text)?.[0].length ?? 0;
      const match = matchSpanishNumber(text.slice(prefix));
      if (!match || match.index !== 0) return null;
      const after = text.slice(prefix + match.length);
      // '12/03/2025' or '4521-2' start with a number but are none.
      if (/^(?:[/]\d|-\d|\s?[x×]\s?\d)/.test(after) && field.kind === 'integer') return null;
      if (/^[/]\d|^-\d/.test(after)) return null;
      if (field.kind === 'integer' && !Number.isInteger(match.value)) return null;
      return { value: formatDecimal(match.value), start: prefix, end: prefix + match.length, certainty: 1 };
    }
    case 'date': {
      const match = matchSpanishDate(text);
      if (!match || text.slice(0, match.index).trim() !== '') return null;
      return { value: match.iso, start: match.index, end: match.index + match.length, certainty: 1 };
    }
    case 'die': {
      const match = matchDieReference(text);
      if (!match) return null;
      const certainty = match.copy === null ? 0.7 : match.corrected ? 0.8 : 1;
      return { value: formatDieReference(match), start: match.index, end: match.index + match.length, certainty };
    }
    case 'choice': {
      const choice = choiceOf(field.key, field.options ?? [], text);
      if (!choice) return null;
      return { value: choice.option, start: choice.index, end: choice.index + choice.length, certainty: choice.certainty };
    }
    default: {
      if (CODE_FIELDS.has(field.key)) {
        const code = /^\S+/.exec(text.slice(lead))?.[0].replace(/[.,;:]+$/, '') ?? '';
        if (!/\d/.test(code)) return null;
        return { value: code, start: lead, end: lead + code.length, certainty: 1 };
      }
      const value = text.trim().replace(/[,;:]+$/, '');
      if (!/[\p{L}\p{N}]/u.test(value) || value.length > 200) return null;
      return { value, start: lead, end: lead + value.length, certainty: 1 };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Tables

/** A column a table can have: a row field, or an extra column that feeds one. */
interface ColumnSpec {
  key: string;
  labels: { label: CompiledLabel; rule: number }[];
}

/** A column found in a spreadsheet's header: its key and the header as printed. */
interface Column {
  key: string;
  printed: string;
  rule: number;
  /** The index of the column in a spreadsheet's row. */
  index: number;
}

function columnSpecs(type: DocumentType, synonyms: LabelSynonyms): ColumnSpec[] {
  const fields = DOCUMENT_TYPE_SPECS[type].rows?.fields ?? [];
  const keys = fields.map((field) => field.key);
  const extras = ['description'];
  if (keys.includes('die_reference')) extras.push('die_copy');
  if (keys.includes('diameter_mm') && keys.includes('thickness_mm')) extras.push('diameter_x_thickness');
  if (keys.includes('tolerance_minus_mm')) extras.push('tolerance');
  return [...keys, ...extras].map((key) => ({
    key,
    labels: [
      ...labelsOf(key).map((text) => ({ label: compileLabel(text), rule: RULE_CONFIDENCE.column })),
      ...(synonyms[key] ?? []).map((text) => ({ label: compileLabel(text), rule: RULE_CONFIDENCE.synonymColumn })),
    ],
  }));
}

/** The column a header cell names: the longest label printed at the cell's start. */
function columnOfCell(specs: ColumnSpec[], folded: string, taken: Set<string>): { key: string; rule: number; length: number } | null {
  let best: { key: string; rule: number; length: number } | null = null;
  const lead = /^\s*/.exec(folded)?.[0].length ?? 0;
  for (const spec of specs) {
    if (taken.has(spec.key)) continue;
    for (const { label, rule } of spec.labels) {
      const pattern = new RegExp(label.pattern.source, 'y');
      pattern.lastIndex = lead;
      const match = pattern.exec(folded);
      if (match && (!best || match[0].length > best.length)) best = { key: spec.key, rule, length: match[0].length };
    }
  }
  return best;
}

function tableRows(context: Context): ExtractedField[][] {
  const rowSpec = DOCUMENT_TYPE_SPECS[context.type].rows;
  if (!rowSpec) return [];
  const specs = columnSpecs(context.type, context.synonyms);
  let rows = context.text.table ? sheetRows(context, specs) : [];
  if (rows.length === 0) rows = lineTableRows(context, specs);
  if (rows.length === 0) rows = labelBlockRows(context);
  // A type whose table needs a row gets one empty row to fill in, as a header field gets its null.
  if (rows.length === 0 && rowSpec.min > 0) rows = [rowSpec.fields.map((field) => missing(field.key))];
  return rows;
}

/**
 * A column of a table's header line: one a label names (its key), or one no label names (key null),
 * which takes its cells all the same so that they go to no neighbour. It spans from its start to the
 * next column's start.
 */
interface HeaderColumn {
  key: string | null;
  /** Where the column's header starts on the page. */
  left: number;
  /** The header as printed. */
  printed: string;
  rule: number;
}

/** A table's header line and its columns, left to right. */
interface TableHeader {
  line: LineView;
  columns: HeaderColumn[];
  /** A cell starting this little before a column's header (a character) is still the column's. */
  slack: number;
}

/**
 * The columns a header line names. Each cell (words between wide gaps) starts a column, and so does
 * a label printed right after another one in the same cell (or after its unit): a narrow table
 * prints its headers a space apart ('Ø x Espesor Cav.', 'Capa (mm) Núcleo (HRC)' are two columns).
 * Other words after a label are part of its header ('Importe (€)', 'Precio por kg'); a cell that
 * starts with no label is a column of no field.
 */
function headerColumns(line: LineView, specs: ColumnSpec[]): HeaderColumn[] {
  const taken = new Set<string>();
  const columns: HeaderColumn[] = [];
  for (const cell of line.cells) {
    const words = line.words.filter((word) => word.start >= cell.start && word.end <= cell.end);
    let current = null as (HeaderColumn & { start: number; end: number }) | null;
    // A label can start here: at the cell's start, or right after a label and its unit.
    let labelCanStart = true;
    for (let index = 0; index < words.length;) {
      const word = words[index];
      const found: { key: string; rule: number; length: number } | null = labelCanStart
        ? columnOfCell(specs, line.folded.slice(word.start, cell.end), taken)
        : null;
      if (!found && current) {
        current.end = word.end;
        current.printed = line.text.slice(current.start, current.end);
        labelCanStart = /^\(.*\)$|^[^\p{L}\p{N}]+$/u.test(word.text);
        index++;
        continue;
      }
      const labelEnd = found ? word.start + found.length : word.end;
      const next = words.findIndex((other, at) => at > index && other.start >= labelEnd);
      const last = (next < 0 ? words.length : next) - 1;
      if (found) taken.add(found.key);
      current = {
        key: found?.key ?? null,
        left: word.box.x,
        printed: line.text.slice(word.start, words[last].end),
        rule: found?.rule ?? 0,
        start: word.start,
        end: words[last].end,
      };
      columns.push(current);
      labelCanStart = found !== null;
      index = last + 1;
    }
  }
  return columns.map(({ key, left, printed, rule }) => ({ key, left, printed: printed.trim(), rule }));
}

/** The header line: the line whose cells name the most columns (two at least). */
function findHeader(lines: LineView[], specs: ColumnSpec[]): TableHeader | null {
  const named = (columns: HeaderColumn[]) => columns.filter((column) => column.key !== null && column.key !== 'description').length;
  let best: { line: LineView; columns: HeaderColumn[] } | null = null;
  for (const line of lines) {
    const columns = headerColumns(line, specs);
    if (named(columns) >= 2 && (!best || named(columns) > named(best.columns))) best = { line, columns };
  }
  if (!best) return null;
  const charWidths = best.line.words.map((word) => word.box.width / Math.max(1, word.text.length)).sort((a, b) => a - b);
  return { ...best, slack: charWidths[Math.floor(charWidths.length / 2)] ?? 0 };
}

/** The index of the header column a position is in: the last one starting at or before it (the first for one left of all). */
function columnAt(header: TableHeader, x: number): number {
  let found = 0;
  header.columns.forEach((column, index) => {
    if (column.left - header.slack <= x) found = index;
  });
  return found;
}

/**
 * A line's text under each header column (offsets in the line), by column index. A cell (words
 * between wide gaps) belongs to the column its start is in; a cell that runs on into a column no
 * other cell of the line starts in is split there ('Semihueca 250 x 80' printed a space apart).
 */
function cellsUnder(header: TableHeader, line: LineView): Map<number, { start: number; end: number }> {
  const owners = line.cells.map((cell) => columnAt(header, cell.box.x));
  const occupied = new Set(owners);
  const parts: { column: number; start: number; end: number }[] = [];
  line.cells.forEach((cell, cellIndex) => {
    let part = { column: owners[cellIndex], start: cell.start, end: cell.start };
    parts.push(part);
    for (const word of line.words) {
      if (word.start < cell.start || word.end > cell.end) continue;
      const column = columnAt(header, word.box.x);
      if (column > part.column && !occupied.has(column)) {
        occupied.add(column);
        part = { column, start: word.start, end: word.end };
        parts.push(part);
      } else part.end = word.end;
    }
  });
  const byColumn = new Map<number, { start: number; end: number }>();
  for (const part of parts) {
    const known = byColumn.get(part.column);
    byColumn.set(part.column, known ? { start: known.start, end: part.end } : { start: part.start, end: part.end });
  }
  return byColumn;
}

/** The rows under a header line: each cell goes to the column whose header range holds its start. */
function lineTableRows(context: Context, specs: ColumnSpec[]): ExtractedField[][] {
  const header = findHeader(context.lines, specs);
  if (!header) return [];
  const rows: ExtractedField[][] = [];
  for (const line of context.lines.slice(header.line.order + 1)) {
    const raw = new Map<string, RawCell>();
    for (const [index, { start, end }] of cellsUnder(header, line)) {
      const column = header.columns[index];
      if (column.key === null) continue;
      raw.set(column.key, { text: line.text.slice(start, end), line, offset: start, rule: column.rule, label: column.printed });
    }
    const row = rowOfCells(context, raw);
    if (!row) break;
    rows.push(row);
  }
  return rows;
}

/** A cell's text and where it lies (a line and the offset of the text in it; no line for an unplaced sheet cell). */
interface RawCell {
  text: string;
  line: LineView | null;
  offset: number;
  rule: number;
  label: string;
  /** A sheet cell that could not be placed in a line takes its row's line box. */
  fallbackBox?: TextBox | null;
  page?: number | null;
}

/**
 * One table row from its cells by column key, every row field of the spec in order; null when the
 * line is no row (its die does not read, or, in a table without dies, fewer than two cells do).
 */
function rowOfCells(context: Context, cells: Map<string, RawCell>): ExtractedField[] | null {
  const fields = DOCUMENT_TYPE_SPECS[context.type].rows?.fields ?? [];
  const values = new Map<string, ExtractedField>();
  const put = (key: string, cell: RawCell, read: ValueRead, value = read.value) => {
    const span = cell.line ? spanOf(cell.line, cell.offset + read.start, cell.offset + read.end) : null;
    values.set(key, {
      key,
      value,
      confidence: round((span?.confidence ?? 1) * cell.rule * read.certainty),
      page: cell.line?.page ?? cell.page ?? null,
      box: span?.box ?? cell.fallbackBox ?? cell.line?.box ?? null,
      label: cell.label,
    });
  };
  for (const field of fields) {
    const cell = cells.get(field.key);
    if (!cell) continue;
    const read = readValue(field, cell.text);
    // A tolerance in a column of its own is printed signed ('-0,05'); the draft keeps its size.
    if (read) put(field.key, cell, read, field.key.startsWith('tolerance_') ? formatDecimal(Math.abs(Number(read.value))) : read.value);
  }
  // A reference without its copy, and the copy in a column of its own.
  const copyCell = cells.get('die_copy');
  const die = values.get('die_reference');
  if (copyCell && cells.get('die_reference')) {
    const copy = readValue({ key: 'die_copy', kind: 'integer' }, copyCell.text);
    const reference = matchDieReference(cells.get('die_reference')?.text ?? '');
    if (copy && reference && Number(copy.value) >= 1) {
      const combined = `${reference.reference}-${copy.value}`;
      if (!die || reference.copy === null)
        put('die_reference', cells.get('die_reference') as RawCell, {
          value: combined,
          start: reference.index,
          end: reference.index + reference.length,
          certainty: 1,
        });
    }
  }
  // '250 x 80': diameter and thickness in one cell.
  const dimensions = cells.get('diameter_x_thickness');
  if (dimensions) {
    const match = /^\s*(?:[Øø⌀]\s*)?(\d[\d.,]*)\s*(?:mm)?\s*[xX×*]\s*(\d[\d.,]*)/.exec(dimensions.text);
    if (match) {
      const first = readValue({ key: 'diameter_mm', kind: 'number' }, match[1]);
      const secondStart = match[0].length - match[2].length;
      const second = readValue({ key: 'thickness_mm', kind: 'number' }, match[2]);
      const firstStart = match[0].indexOf(match[1]);
      if (first) put('diameter_mm', dimensions, { ...first, start: firstStart, end: firstStart + match[1].length });
      if (second) put('thickness_mm', dimensions, { ...second, start: secondStart, end: secondStart + match[2].length });
    }
  }
  // '±0,20', '+0,15 / -0,05': both tolerances in one cell.
  const toleranceCell = cells.get('tolerance');
  if (toleranceCell) {
    const match = matchTolerance(toleranceCell.text);
    if (match) {
      const read = { value: '', start: match.index, end: match.index + match.length, certainty: 1 };
      put('tolerance_minus_mm', toleranceCell, read, formatDecimal(match.tolerance.minus));
      put('tolerance_plus_mm', toleranceCell, read, formatDecimal(match.tolerance.plus));
    }
  }
  // A row of dies has its die; any other row two values at least (a footer line has one, or none).
  const found = fields.filter((field) => values.has(field.key)).length;
  const hasDies = fields.some((field) => field.key === 'die_reference');
  if (hasDies ? !values.has('die_reference') : found < 2) return null;
  return fields.map((field) => values.get(field.key) ?? missing(field.key));
}

/** A spreadsheet read by its header names; each value's box is its cell's words on the row's line. */
function sheetRows(context: Context, specs: ColumnSpec[]): ExtractedField[][] {
  const table = context.text.table ?? [];
  let header: { index: number; columns: Column[] } | null = null;
  table.forEach((row, index) => {
    const taken = new Set<string>();
    const columns: Column[] = [];
    row.forEach((cell, cellIndex) => {
      const found = columnOfCell(specs, foldText(cell), taken);
      if (!found) return;
      taken.add(found.key);
      columns.push({ key: found.key, printed: cell, rule: found.rule, index: cellIndex });
    });
    if (columns.length >= 2 && (!header || columns.length > header.columns.length)) header = { index, columns };
  });
  if (!header) return [];
  const { index: headerIndex, columns } = header as { index: number; columns: Column[] };
  const rows: ExtractedField[][] = [];
  let searchFrom = 0;
  for (const row of table.slice(headerIndex + 1)) {
    if (row.every((cell) => cell.trim() === '')) break;
    const line = lineOfRow(context.lines, row, searchFrom);
    if (line) searchFrom = line.order + 1;
    const cells = new Map<string, RawCell>();
    for (const column of columns) {
      const text = row[column.index] ?? '';
      if (text.trim() === '') continue;
      const offset = line ? line.folded.indexOf(foldText(text.trim())) : -1;
      cells.set(column.key, {
        text: text.trim(),
        line: offset >= 0 ? line : null,
        offset: Math.max(offset, 0),
        rule: column.rule,
        label: column.printed,
        fallbackBox: line?.box ?? null,
        page: line?.page ?? null,
      });
    }
    const extracted = rowOfCells(context, cells);
    if (extracted) rows.push(extracted);
  }
  return rows;
}

/** The line a spreadsheet row was laid out as: the next line that holds all its cells. */
function lineOfRow(lines: LineView[], row: string[], from: number): LineView | null {
  const cells = row.map((cell) => foldText(cell.trim())).filter(Boolean);
  return lines.slice(from).find((line) => cells.every((cell) => line.folded.includes(cell))) ?? null;
}

/**
 * Rows without a table: 'Matriz: 4521-2' starts a row and the labelled values after it
 * ('Dureza superficial: 1.050 HV') belong to it, until the next die.
 */
function labelBlockRows(context: Context): ExtractedField[][] {
  const fields = DOCUMENT_TYPE_SPECS[context.type].rows?.fields ?? [];
  const anchorKey = fields.some((field) => field.key === 'die_reference') ? 'die_reference' : null;
  const byKey = new Map(fields.map((field) => [field.key, labelCandidates(context, field)]));
  const position = (candidate: Candidate) => candidate.line.order * 10000 + candidate.start;
  const anchors = anchorKey
    ? (byKey.get(anchorKey) ?? [])
        .filter((candidate, index, all) => all.findIndex((other) => position(other) === position(candidate)) === index)
        .sort((a, b) => position(a) - position(b))
    : [];
  const hasAny = [...byKey.values()].some((candidates) => candidates.length > 0);
  if (!hasAny) return [];
  const groups: Map<string, Candidate[]>[] = (anchors.length > 0 ? anchors : [null]).map(() => new Map());
  for (const [key, candidates] of byKey) {
    for (const candidate of candidates) {
      let owner = 0;
      anchors.forEach((anchor, index) => {
        if (position(anchor) <= position(candidate)) owner = index;
      });
      if (key === anchorKey) owner = anchors.findIndex((anchor) => position(anchor) === position(candidate));
      if (owner < 0) continue;
      const group = groups[owner];
      group.set(key, [...(group.get(key) ?? []), candidate]);
    }
  }
  return groups.map((group) => fields.map((field) => fieldOf(field.key, bestCandidate(group.get(field.key) ?? []))));
}

/** 'A  Ancho  45,00  ±0,20': a short name, a nominal and a tolerance on one line. */
function dimensionLines(lines: LineView[]): ExtractedField[][] {
  const rows: ExtractedField[][] = [];
  const rule = RULE_CONFIDENCE.pattern;
  for (const line of lines) {
    const name = /^([A-Z][0-9]?|[0-9]{1,2})\b/.exec(line.text);
    const tolerance = matchTolerance(line.text);
    if (!name || !tolerance) continue;
    const before = line.text.slice(name[0].length, tolerance.index);
    const numbers = [...before.matchAll(/(?<![\w,.])\d[\d.,]*\d|(?<![\w,.])\d/g)];
    const nominalMatch = numbers.at(-1);
    if (!nominalMatch || nominalMatch.index === undefined) continue;
    const nominal = matchSpanishNumber(nominalMatch[0]);
    if (!nominal) continue;
    const nominalStart = name[0].length + nominalMatch.index;
    const at = (key: string, value: string, start: number, end: number): ExtractedField => fieldOf(key, candidateAt(line, start, end, value, rule, null));
    const toleranceEnd = tolerance.index + tolerance.length;
    rows.push([
      at('name', name[1], 0, name[0].length),
      at('nominal_mm', formatDecimal(nominal.value), nominalStart, nominalStart + nominalMatch[0].length),
      at('tolerance_minus_mm', formatDecimal(tolerance.tolerance.minus), tolerance.index, toleranceEnd),
      at('tolerance_plus_mm', formatDecimal(tolerance.tolerance.plus), tolerance.index, toleranceEnd),
    ]);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Supplier

const SUPPLIER_LABELS = ['Proveedor', 'Emitido por', 'Razón social', 'Suministrador', 'Fabricante'].map(compileLabel);
const COMPANY_SUFFIX =
  /(?:^|[\s,])(?:S\.?\s?L\.?(?:\s?U\.?)?|S\.?\s?A\.?(?:\s?U\.?)?|S\.?\s?Coop\.?|S\.?\s?C\.?|GmbH|S\.?p\.?A\.?|S\.?r\.?l\.?|Ltd\.?|Inc\.?|SAS|SARL|B\.?V\.?|N\.?V\.?)(?=$|[\s,.)])/i;
const TITLE_WORDS = /certificado|albaran|remito|plano|orden de|inventario|cotas|hoja|pagina/;
const OTHER_PARTY = /^(?:cliente|destinatario|para|enviar a|facturar a)\b/;

/** How many of the first lines are the letterhead. */
const LETTERHEAD_LINES = 6;

/** The supplier's name as printed: after 'Proveedor:' / 'Emitido por', or the letterhead's company. */
function findSupplier(lines: LineView[]): Candidate | null {
  const field: DocumentFieldSpec = { key: 'supplier', label: 'Proveedor', kind: 'text' };
  for (const line of lines) {
    for (const label of SUPPLIER_LABELS) {
      for (const hit of findLabel(line, label)) {
        const cell = cellAt(line, hit.start);
        const skipped = /^[\s:]*/.exec(line.text.slice(hit.end))?.[0].length ?? 0;
        if (!cell || hit.end + skipped >= cell.end) continue;
        const read = readValue(field, line.text.slice(hit.end + skipped, cell.end));
        if (read) return candidateAt(line, hit.end + skipped + read.start, hit.end + skipped + read.end, read.value, RULE_CONFIDENCE.exact, hit.printed);
      }
    }
  }
  const top = lines.filter((line) => line.page === lines[0]?.page).slice(0, LETTERHEAD_LINES);
  for (const line of top) {
    if (OTHER_PARTY.test(line.folded)) continue;
    for (const cell of line.cells) {
      // 'Inventario de matrices - Perfiles Planta S.A.': the part with the company's legal form.
      const parts = cell.text.split(/\s+-\s+|\s+\|\s+/);
      let offset = cell.start;
      for (const part of parts) {
        const start = line.text.indexOf(part, offset);
        offset = start + part.length;
        if (COMPANY_SUFFIX.test(part) && !OTHER_PARTY.test(foldText(part))) {
          return candidateAt(line, start, start + part.length, part.trim(), RULE_CONFIDENCE.letterhead, null);
        }
      }
    }
  }
  // A name in capitals ('Tratamientos Ruiz', 'Nitruraciones del Norte'), not a sentence or a title.
  const named = (text: string) => /^[\p{L}][\p{L}\s.&,'-]{2,60}$/u.test(text) && text.split(/\s+/).every((word) => word.length < 4 || /^\p{Lu}/u.test(word));
  const first = top.find((line) => !TITLE_WORDS.test(line.folded) && named(line.cells[0].text));
  if (!first) return null;
  const cell = first.cells[0];
  return candidateAt(first, cell.start, cell.end, cell.text, RULE_CONFIDENCE.positional, null);
}

/** The supplier's name as printed on the document (the key its learned labels are kept under), or null. */
export function supplierOf(text: DocumentText): string | null {
  return findSupplier(viewLines(text))?.value ?? null;
}

// ---------------------------------------------------------------------------------------------
// Learning label synonyms

/** Each field key's kind, the same in every type that has it. */
const KIND_OF: ReadonlyMap<string, DocumentFieldSpec> = new Map(
  Object.values(DOCUMENT_TYPE_SPECS).flatMap((spec) => [...spec.fields, ...(spec.rows?.fields ?? [])].map((field) => [field.key, field] as const)),
);

/**
 * The labels a document used for the fields the user had to correct or fill in: for each such field,
 * the line where the confirmed value is printed and the words before it in its cell
 * ('Dureza Vickers tratada: 1.020' → 'Dureza Vickers tratada'), or, for a row field found in a row of
 * the table, the header of the column it stands in ('Ensayo Vickers' above '1.050'), when they look
 * like a label (2-40 characters, mostly letters) and are not already a label of it. Kept per
 * supplier and type.
 */
export function learnSynonyms(text: DocumentText, extracted: ExtractedDraft, confirmed: ConfirmedDraft): LabelSynonyms {
  const lines = viewLines(text);
  const learned: LabelSynonyms = {};
  const corrections: { key: string; value: string; row: number | null }[] = [];
  for (const [key, value] of Object.entries(confirmed.fields)) {
    const before = extracted.fields.find((field) => field.key === key)?.value ?? null;
    if (value !== null && value.trim() !== '' && !sameValue(key, before, value)) corrections.push({ key, value, row: null });
  }
  confirmed.rows.forEach((row, index) => {
    for (const [key, value] of Object.entries(row)) {
      const before = extracted.rows[index]?.find((field) => field.key === key)?.value ?? null;
      if (value !== null && value.trim() !== '' && !sameValue(key, before, value)) corrections.push({ key, value, row: index });
    }
  });
  const type = typeOfDraft(extracted);
  const header = type ? findHeader(lines, columnSpecs(type, {})) : null;
  for (const { key, value, row } of corrections) {
    const field = KIND_OF.get(key);
    if (!field) continue;
    const known = new Set(labelsOf(key).map(normalizeLabel));
    if (row !== null && header) {
      const column = columnLabelOf(header, lines, extracted.rows[row] ?? [], field, value);
      if (column !== undefined) {
        // The value stands under a header: that header is its label, known or not.
        if (column !== null && !known.has(normalizeLabel(column)) && !(learned[key] ?? []).some((one) => normalizeLabel(one) === normalizeLabel(column)))
          learned[key] = [...(learned[key] ?? []), column];
        continue;
      }
    }
    for (const line of lines) {
      const label = labelBefore(line, field, value);
      if (!label || known.has(normalizeLabel(label))) continue;
      learned[key] = [...(learned[key] ?? []), label];
      known.add(normalizeLabel(label));
      break;
    }
  }
  return learned;
}

/** The document type a draft was extracted as: the one whose spec has its header fields and row fields. */
function typeOfDraft(draft: ExtractedDraft): DocumentType | null {
  const keys = (fields: readonly { key: string }[]) => fields.map((field) => field.key).join(',');
  const types = Object.keys(DOCUMENT_TYPE_SPECS) as DocumentType[];
  return (
    types.find((type) => {
      const spec = DOCUMENT_TYPE_SPECS[type];
      if (keys(spec.fields) !== keys(draft.fields)) return false;
      return draft.rows.every((row) => keys(row) === keys(spec.rows?.fields ?? []));
    }) ?? null
  );
}

/**
 * The header of the table column a confirmed row value is printed in: looked for in the row's own
 * line first (where the draft placed its other values), then in the other rows under the header.
 * Undefined when the value is in no column of no field; null when it is, but under a header that
 * names another field or is no label; the header as printed otherwise.
 */
function columnLabelOf(
  header: TableHeader,
  lines: LineView[],
  draftRow: ExtractedField[],
  field: DocumentFieldSpec,
  confirmed: string,
): string | null | undefined {
  const placed = draftRow.filter((one) => one.value !== null && one.box !== null);
  const ownLine = (line: LineView) =>
    placed.some((one) => one.page === line.page && one.box !== null && one.box.y < line.box.y + line.box.height && one.box.y + one.box.height > line.box.y);
  const below = lines.filter((line) => line.order > header.line.order && line.page === header.line.page);
  const ordered = [...below.filter(ownLine), ...below.filter((line) => !ownLine(line))];
  for (const line of ordered) {
    const cells = cellsUnder(header, line);
    if (cells.size < 2) continue;
    for (const [index, { start, end }] of cells) {
      const read = readValue(field, line.text.slice(start, end));
      if (!read || !sameValue(field.key, read.value, confirmed)) continue;
      const column = header.columns[index];
      if (column.key !== null) {
        // Another field's column (a number that happens to match), or this field's own header.
        if (column.key === field.key) return null;
        continue;
      }
      const label = column.printed.replace(/[\s:=]+$/, '').trim();
      return looksLikeLabel(label) ? label : null;
    }
  }
  return undefined;
}

/** Learned synonyms added to stored ones (no duplicates, folded comparison). */
export function mergeSynonyms(stored: LabelSynonyms, learned: LabelSynonyms): LabelSynonyms {
  const merged: LabelSynonyms = { ...stored };
  for (const [key, labels] of Object.entries(learned)) {
    const seen = new Set((merged[key] ?? []).map(normalizeLabel));
    merged[key] = [...(merged[key] ?? []), ...labels.filter((label) => !seen.has(normalizeLabel(label)))];
  }
  return merged;
}

function sameValue(key: string, left: string | null, right: string): boolean {
  if (left === null) return false;
  const kind = KIND_OF.get(key)?.kind;
  if ((kind === 'number' || kind === 'integer') && Number(left) === Number(right)) return true;
  return foldText(left.trim()) === foldText(right.trim());
}

/** The label printed before a confirmed value on a line, or null when the value is not there. */
function labelBefore(line: LineView, field: DocumentFieldSpec, confirmed: string): string | null {
  for (let offset = 0; offset < line.text.length; offset++) {
    if (offset > 0 && /[\p{L}\p{N}]/u.test(line.text[offset - 1])) continue;
    const read = readValue(field, line.text.slice(offset));
    if (!read || !sameValue(field.key, read.value, confirmed)) continue;
    const at = offset + read.start;
    const cell = cellAt(line, at);
    if (!cell) continue;
    // The label stands in the value's cell, or alone in the cell before it.
    let label = line.text.slice(cell.start, at);
    if (label.trim() === '') {
      const previous = [...line.cells].reverse().find((other) => other.end <= cell.start);
      label = previous?.text ?? '';
    }
    label = label.replace(/[\s:=]+$/, '').trim();
    if (looksLikeLabel(label)) return label;
  }
  return null;
}

/** 2-40 characters, and letters for at least two thirds of those that are not spaces. */
function looksLikeLabel(text: string): boolean {
  if (text.length < 2 || text.length > 40) return false;
  const visible = text.replace(/\s/g, '');
  const letters = (visible.match(/\p{L}/gu) ?? []).length;
  return letters >= (visible.length * 2) / 3;
}
