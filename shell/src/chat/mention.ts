import { dieLabel, type Die } from '@planta/contracts';

/**
 * Spec 5: '@' in a chat message starts a die search by the text after the LAST '@', upper-cased.
 * The '@' must start a word (so an e-mail address does not search) and the mention ends at
 * whitespace: once a space follows it, the text is no longer a query. null: no search.
 */
export function mentionQuery(text: string): string | null {
  const at = text.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(text[at - 1])) return null;
  const query = text.slice(at + 1);
  if (/\s/.test(query)) return null;
  return query.toUpperCase();
}

/** Replaces the '@text' of the last mention with 'reference-copynumber' (and a space to go on typing). */
export function insertMention(text: string, die: Pick<Die, 'die_reference' | 'copy_number'>): string {
  const at = text.lastIndexOf('@');
  const head = at < 0 ? text : text.slice(0, at);
  return `${head}${dieLabel(die)} `;
}

export interface MessagePart {
  text: string;
  /** the die mention of the message, shown as a link to the die summary */
  mention?: boolean;
}

/**
 * Splits a message with a die_id into text and the mention to link. The mention is the first
 * word shaped like 'reference-copynumber' (what insertMention wrote); when the text has none,
 * the whole message is the link. The parts are rendered as text, never as HTML.
 */
export function messageParts(text: string, dieId: number | null | undefined): MessagePart[] {
  if (dieId === null || dieId === undefined) return [{ text }];
  const match = /(^|\s)([^\s@]+-\d+)(?=$|[\s.,;:!?)])/.exec(text);
  if (!match) return [{ text, mention: true }];
  const start = match.index + match[1].length;
  const end = start + match[2].length;
  return [{ text: text.slice(0, start) }, { text: match[2], mention: true }, { text: text.slice(end) }].filter((part) => part.text !== '');
}

/** Spec 2.2: the die summary an @mention links to. */
export const dieResumePath = (dieId: number) => `/apps/dies/dieResume/${dieId}`;
