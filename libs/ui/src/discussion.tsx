import { Button, Caption1, Field, makeStyles, Subtitle2, Text, Textarea, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from './format';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '8px' },
  list: { display: 'flex', flexDirection: 'column', gap: '8px', margin: 0, padding: 0, listStyleType: 'none' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    padding: '8px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  picker: { display: 'flex', flexWrap: 'wrap', gap: '4px' },
});

/** One comment of a discussion, as the API gives it (the text holds its mentions). */
export interface DiscussionComment {
  id: number;
  author_name: string | null;
  created_at: string;
  text: string;
}

/** Something a comment can mention: a person, a die. */
export interface MentionOption {
  id: number;
  label: string;
}

/**
 * Where the '@' picker looks: the company's people (a list) or the dies (a search by reference),
 * and how a choice is written into the text (the contracts' mention syntax).
 */
export interface MentionSource {
  key: string;
  /** The picker's accessible name ('Personas para mencionar'). */
  label: string;
  find: (query: string) => readonly MentionOption[] | Promise<readonly MentionOption[]>;
  write: (option: MentionOption) => string;
}

/** The text before the caret ends with '@word': the word, for the mention pickers. */
const MENTION_QUERY = /(^|\s)@([^\s@[\]()]{0,30})$/;

/** A source over a known list of people, matched without accents or case. */
export function peopleSource(label: string, people: readonly MentionOption[], write: (option: MentionOption) => string): MentionSource {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return { key: 'people', label, write, find: (query) => people.filter((person) => fold(person.label).includes(fold(query))).slice(0, 8) };
}

function MentionPicker({ source, query, onPick }: { source: MentionSource; query: string; onPick: (option: MentionOption) => void }) {
  const styles = useStyles();
  const [options, setOptions] = useState<readonly MentionOption[]>([]);
  useEffect(() => {
    let live = true;
    Promise.resolve(source.find(query)).then(
      (found) => live && setOptions(found),
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, [source, query]);
  if (options.length === 0) return null;
  return (
    <div className={styles.picker} role="listbox" aria-label={source.label}>
      {options.map((option) => (
        <Button key={option.id} role="option" aria-selected={false} onClick={() => onPick(option)}>
          @{option.label}
        </Button>
      ))}
    </div>
  );
}

/** The box to write a comment: '@' opens the pickers of the sources; a choice writes its mention. */
function CommentBox({ sources, hint, onSend }: { sources: readonly MentionSource[]; hint: string; onSend: (text: string) => Promise<unknown> }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const query = MENTION_QUERY.exec(text)?.[2];
  const pick = (source: MentionSource, option: MentionOption) =>
    setText((current) => current.replace(MENTION_QUERY, (_, space: string) => `${space}${source.write(option)} `));
  return (
    <div className={styles.section}>
      <Field label={t('discussion.comment')} hint={hint}>
        <Textarea value={text} resize="vertical" onChange={(_, data) => setText(data.value)} />
      </Field>
      {query !== undefined
        ? sources.map((source) => <MentionPicker key={source.key} source={source} query={query} onPick={(option) => pick(source, option)} />)
        : null}
      <div>
        <Button
          appearance="primary"
          disabled={!text.trim() || sending}
          onClick={() => {
            setSending(true);
            onSend(text.trim())
              .then(
                () => setText(''),
                () => undefined,
              )
              .finally(() => setSending(false));
          }}
        >
          {t('actions.send')}
        </Button>
      </div>
    </div>
  );
}

export interface DiscussionProps {
  comments: readonly DiscussionComment[];
  /** A comment's text as people read it (mentions as names or links; never HTML). */
  render: (text: string) => ReactNode;
  /** Where '@' looks; several sources show several pickers. */
  sources: readonly MentionSource[];
  /** Sends a comment; absent (a guest, no grant): the discussion is read only. */
  onSend?: (text: string) => Promise<unknown>;
  /** The section's title; 'Comentarios' by default. */
  title?: string;
  /** The box's hint; by default it says what '@' does. */
  hint?: string;
}

/**
 * The discussion of a record (a work order, a correction record or report): its comments, oldest
 * first, and a box to write one with @mentions, which the API turns into notifications.
 */
export function Discussion({ comments, render, sources, onSend, title, hint }: DiscussionProps) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const format = useFormat();
  const heading = title ?? t('discussion.title');
  const defaultHint = useMemo(() => (sources.some((source) => source.key === 'dies') ? t('discussion.hintDies') : t('discussion.hint')), [sources, t]);
  return (
    <section className={styles.section} aria-label={heading}>
      <Subtitle2>{heading}</Subtitle2>
      {comments.length === 0 ? <Text>{t('discussion.empty')}</Text> : null}
      <ul className={styles.list}>
        {comments.map((comment) => (
          <li key={comment.id} className={styles.item}>
            <Caption1>
              {comment.author_name ?? '—'} · {format.dateTime(comment.created_at)}
            </Caption1>
            <Text className={styles.text}>{render(comment.text)}</Text>
          </li>
        ))}
      </ul>
      {onSend ? <CommentBox sources={sources} hint={hint ?? defaultHint} onSend={onSend} /> : null}
    </section>
  );
}
