import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  correctionEndpoints,
  dieEndpoints,
  dieLabel,
  dieMentionOf,
  mentionOf,
  mentionParts,
  type CorrectionComment,
  type CorrectionPerson,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { Discussion, peopleSource, showSnackbar, useCan, type MentionSource } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { correctionTexts } from '../i18n/correction.texts';

registerDieshopTexts(correctionTexts);

/**
 * The discussion of a correction record or of one of its attempts: @people of the company (they
 * are notified) and @dies by reference, as in the chat ('EN-1042-1'), each a link to its summary
 * (plain text on a share link). Read only for a guest and without the grant to comment; a guest sees
 * it only when the link's creator included it (issue 36).
 */
export function CorrectionDiscussion({
  target,
  comments: initial,
  people,
  readOnly,
}: {
  target: { correction_record_id: number } | { correction_report_id: number };
  comments: readonly CorrectionComment[];
  /** Who may be mentioned; null for a guest. */
  people: readonly CorrectionPerson[] | null;
  readOnly: boolean;
}) {
  const { t } = useTranslation(DIESHOP_NS);
  const [comments, setComments] = useState<readonly CorrectionComment[]>(initial);
  const mayComment = useCan(correctionEndpoints.comment) && !readOnly && people !== null;
  const mayFindDies = useCan(dieEndpoints.find);
  const sources = useMemo<MentionSource[]>(() => {
    const list: MentionSource[] = [
      peopleSource(
        t('correctionRecord.peoplePicker'),
        (people ?? []).map((person) => ({ id: person.id, label: person.name })),
        (option) => mentionOf({ id: option.id, name: option.label }),
      ),
    ];
    if (mayFindDies)
      list.push({
        key: 'dies',
        label: t('correctionRecord.diePicker'),
        find: async (query) =>
          query.length === 0
            ? []
            : (await call(dieEndpoints.find, { query: { reference: query.toUpperCase() } })).slice(0, 8).map((die) => ({ id: die.id, label: dieLabel(die) })),
        write: dieMentionOf,
      });
    return list;
  }, [people, mayFindDies, t]);

  const send = async (text: string) => {
    try {
      const saved = await call(correctionEndpoints.comment, { body: { ...target, text } });
      setComments((current) => [...current, saved]);
    } catch (error) {
      showSnackbar({ message: errorMessage(error), variant: 'error' });
      throw error;
    }
  };

  const render = (text: string) =>
    mentionParts(text).map((part, index) =>
      part.kind === 'text' ? (
        part.text
      ) : readOnly ? (
        `@${part.label}`
      ) : (
        <Link key={index} to={`/apps/dies/dieResume/${part.id}`}>
          @{part.label}
        </Link>
      ),
    );

  // A share link that does not include the discussion (or a record without one) shows none at all.
  if (readOnly && comments.length === 0) return null;
  return <Discussion title={t('correctionRecord.discussion')} comments={comments} render={render} sources={sources} onSend={mayComment ? send : undefined} />;
}
