/**
 * The @user mention of the discussions (work orders, corrections), written once: the comment box
 * inserts `@[Display Name](userId)`, the API notifies the ids it finds, and people read `@Display Name`.
 * A die is mentioned as `@[EN-1042-1](die:55)`, read `@EN-1042-1` and linked to its summary.
 * (The chat's @die mention is another thing: the die's 'reference-copynumber', see `dieLabel`.)
 */
export const MENTION_PATTERN = /@\[([^\]\n]{1,120})\]\((\d{1,10})\)/g;

/** The mention a comment box inserts for a person. */
export const mentionOf = (person: { id: number; name: string }) => `@[${person.name.replace(/[\]\n]/g, ' ').slice(0, 120)}](${person.id})`;

/** The distinct user ids a comment mentions. */
export const mentionedUserIds = (text: string): number[] => [...new Set([...text.matchAll(MENTION_PATTERN)].map((match) => Number(match[2])))];

/** A die mentioned in a discussion. */
export const DIE_MENTION_PATTERN = /@\[([^\]\n]{1,60})\]\(die:(\d{1,10})\)/g;

/** The mention a comment box inserts for a die copy ('EN-1042-1'). */
export const dieMentionOf = (die: { id: number; label: string }) => `@[${die.label.replace(/[\]\n]/g, ' ').slice(0, 60)}](die:${die.id})`;

/** The distinct die ids a comment mentions. */
export const mentionedDieIds = (text: string): number[] => [...new Set([...text.matchAll(DIE_MENTION_PATTERN)].map((match) => Number(match[2])))];

/** The comment without the names it mentions (a share link that does not show names): each person reads `@…`. */
export const withoutPersonMentions = (text: string): string => text.replace(MENTION_PATTERN, '@…');

/** The comment as people read it: `@Display Name` for each person, `@EN-1042-1` for each die. */
export const mentionsAsText = (text: string): string =>
  text.replace(MENTION_PATTERN, (_, name: string) => `@${name}`).replace(DIE_MENTION_PATTERN, (_, label: string) => `@${label}`);

/** A comment in pieces, for a screen that links each die mention to its summary. */
export type MentionPart = { kind: 'text'; text: string } | { kind: 'die'; label: string; id: number };
export function mentionParts(text: string): MentionPart[] {
  const parts: MentionPart[] = [];
  let last = 0;
  for (const match of text.matchAll(DIE_MENTION_PATTERN)) {
    if (match.index > last) parts.push({ kind: 'text', text: mentionsAsText(text.slice(last, match.index)) });
    parts.push({ kind: 'die', label: match[1], id: Number(match[2]) });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: mentionsAsText(text.slice(last)) });
  return parts;
}

/** A notification's short excerpt of a comment (mentions as people read them). */
export const mentionExcerpt = (text: string, max = 140): string => {
  const plain = mentionsAsText(text);
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
};
