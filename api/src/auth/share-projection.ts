import { withoutPersonMentions } from '@planta/contracts';

/** What the link's creator chose to show beyond the record itself (issue 36). */
export interface SharedShows {
  discussion: boolean;
  names: boolean;
}

/** Fields of the shareable answers that hold a person's name. Ids stay: they name nobody, and say that someone is assigned. */
const NAME_FIELDS = new Set(['created_by_name', 'corrector_name', 'user_name', 'author_name']);

/**
 * What a share link shows of a record: the answer of its shareable route less the company's
 * directory (`people`: its correctors and who may be mentioned), less the record's internal
 * discussion (`comments`) unless the link includes it, and with every person's name, mention and
 * @mention blanked unless the link includes names. Walks the whole answer (as JSON), so the die
 * summary's corrections and log are covered as the record itself is.
 */
export function sharedProjection(value: unknown, shows: SharedShows): unknown {
  if (Array.isArray(value)) return value.map((item) => sharedProjection(item, shows));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, projectedField(key, field, shows)]));
}

function projectedField(key: string, field: unknown, shows: SharedShows): unknown {
  if (key === 'people') return null;
  if (key === 'comments' && Array.isArray(field)) {
    if (!shows.discussion) return [];
    const comments = sharedProjection(field, shows) as Record<string, unknown>[];
    return shows.names ? comments : comments.map((comment) => ({ ...comment, text: withoutPersonMentions(String(comment.text ?? '')) }));
  }
  if (!shows.names && NAME_FIELDS.has(key)) return null;
  if (!shows.names && key === 'mentions' && Array.isArray(field)) return [];
  return sharedProjection(field, shows);
}
