/**
 * The @user mention of the discussions (work orders, corrections), written once: the comment box
 * inserts `@[Display Name](userId)`, the API notifies the ids it finds, and people read `@Display Name`.
 * (The chat's @die mention is another thing: the die's 'reference-copynumber', see `dieLabel`.)
 */
export const MENTION_PATTERN = /@\[([^\]\n]{1,120})\]\((\d{1,10})\)/g;

/** The mention a comment box inserts for a person. */
export const mentionOf = (person: { id: number; name: string }) => `@[${person.name.replace(/[\]\n]/g, ' ').slice(0, 120)}](${person.id})`;

/** The distinct user ids a comment mentions. */
export const mentionedUserIds = (text: string): number[] => [...new Set([...text.matchAll(MENTION_PATTERN)].map((match) => Number(match[2])))];

/** The comment as people read it: `@Display Name` for each mention. */
export const mentionsAsText = (text: string): string => text.replace(MENTION_PATTERN, (_, name: string) => `@${name}`);

/** A notification's short excerpt of a comment (mentions as people read them). */
export const mentionExcerpt = (text: string, max = 140): string => {
  const plain = mentionsAsText(text);
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
};
