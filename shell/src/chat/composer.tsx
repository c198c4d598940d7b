import { Button, Input, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dieLabel, type Die } from '@planta/contracts';
import { LAYERS } from '@planta/ui';
import { chatApi } from './chat-api';
import { insertMention, mentionQuery } from './mention';

/** Pause after the last keystroke before searching dies. */
export const DIE_SEARCH_DELAY_MS = 250;

const useStyles = makeStyles({
  form: { position: 'relative', display: 'flex', gap: '8px', alignItems: 'center', padding: '8px', borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
  input: { flex: 1, minWidth: 0 },
  listbox: {
    position: 'absolute',
    bottom: '100%',
    left: '8px',
    right: '8px',
    maxHeight: '200px',
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    borderRadius: tokens.borderRadiusMedium,
    padding: '4px 0',
    zIndex: LAYERS.content,
  },
  option: { padding: '6px 12px', cursor: 'pointer' },
  active: { backgroundColor: tokens.colorNeutralBackground1Selected },
  empty: { padding: '6px 12px', color: tokens.colorNeutralForeground3 },
});

export interface ComposerProps {
  /** Sends the text (and the die of its @mention); resolves true when sent. */
  onSend: (message: string, dieId: number | null) => Promise<boolean>;
}

/**
 * Spec 5 chat input: an empty or blank message cannot be sent; while sending the input shows
 * 'Enviando mensaje'. '@' searches dies by the text after the last '@' (upper-cased); choosing a
 * suggestion puts 'reference-copynumber' in place of the '@text' and keeps its die id.
 */
export function Composer({ onSend }: ComposerProps) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const listboxId = useId();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [mention, setMention] = useState<{ id: number; label: string } | null>(null);
  const [suggestions, setSuggestions] = useState<Die[] | null>(null);
  const [active, setActive] = useState(-1);
  const request = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);

  const query = mentionQuery(draft);
  useEffect(() => {
    const ticket = ++request.current;
    if (query === null) {
      setSuggestions(null);
      return;
    }
    const timer = setTimeout(() => {
      chatApi.findDies(query).then(
        (dies) => {
          if (ticket !== request.current) return;
          setSuggestions(dies);
          setActive(dies.length ? 0 : -1);
        },
        () => {
          if (ticket === request.current) setSuggestions([]);
        },
      );
    }, DIE_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const open = suggestions !== null;
  const closeSuggestions = () => {
    request.current += 1;
    setSuggestions(null);
    setActive(-1);
  };

  const choose = (die: Die) => {
    setDraft((text) => insertMention(text, die));
    setMention({ id: die.id, label: dieLabel(die) });
    closeSuggestions();
    inputRef.current?.focus();
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text || sending) return;
    // the die id goes with the message only while its mention is still in the text
    const dieId = mention && text.includes(mention.label) ? mention.id : null;
    setSending(true);
    setDraft('');
    closeSuggestions();
    const sent = await onSend(text, dieId);
    setSending(false);
    if (sent) setMention(null);
    else setDraft(draft);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    const count = suggestions?.length ?? 0;
    if (event.key === 'Escape') {
      // closes the suggestions only, not the chat panel
      event.preventDefault();
      event.stopPropagation();
      closeSuggestions();
    } else if (event.key === 'ArrowDown' && count) {
      event.preventDefault();
      setActive((index) => (index + 1) % count);
    } else if (event.key === 'ArrowUp' && count) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? count - 1 : index - 1));
    } else if (event.key === 'Enter' && count && active >= 0) {
      event.preventDefault();
      choose(suggestions![active]);
    }
  };

  const optionId = (index: number) => `${listboxId}-option-${index}`;
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)}>
      {open ? (
        <div role="listbox" id={listboxId} aria-label={t('chat.dieSuggestions', 'Matrices sugeridas')} className={styles.listbox}>
          {suggestions.length === 0 ? (
            <div className={styles.empty}>{t('chat.noDies', 'Ninguna matriz coincide')}</div>
          ) : (
            suggestions.map((die, index) => (
              <div
                key={die.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={`${styles.option} ${index === active ? styles.active : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(die)}
              >
                {dieLabel(die)}
              </div>
            ))
          )}
        </div>
      ) : null}
      <Input
        ref={inputRef}
        className={styles.input}
        aria-label={t('chat.message', 'Mensaje')}
        placeholder={sending ? t('chat.sending', 'Enviando mensaje') : t('chat.placeholder', 'Escribe un mensaje')}
        value={draft}
        disabled={sending}
        autoComplete="off"
        aria-autocomplete="list"
        aria-controls={open ? listboxId : undefined}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        onChange={(_event, data) => setDraft(data.value)}
        onKeyDown={onKeyDown}
      />
      <Button
        type="submit"
        appearance="primary"
        aria-label={t('chat.send', 'Enviar')}
        icon={sending ? <Spinner size="extra-tiny" /> : <SendRegular />}
        disabled={sending || draft.trim() === ''}
      />
    </form>
  );
}
