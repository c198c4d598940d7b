import { Button, Field, Input, makeStyles, type FieldControlProps, type FieldProps, type InputProps } from '@fluentui/react-components';
import { CalendarRegular } from '@fluentui/react-icons';
import { dateInputText, dateLayoutOf, dateMessages, parseDateText, parseTimeText } from '@planta/contracts';
import { useEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from './format';

export interface DateInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type' | 'contentAfter'> {
  /** The text input (react-hook-form focuses it on an error). */
  ref?: Ref<HTMLInputElement>;
  /** The day as the API keeps it ('2025-03-12'); '' or null for none. */
  value: string | null | undefined;
  /** The day typed ('2025-03-12'), or null when the field is emptied. */
  onValue: (value: string | null) => void;
  /** What to type instead ('Indica una fecha dd/mm/aaaa') while the text is no day; null once it is. */
  onUnreadable?: (message: string | null, typed: string) => void;
}

const useStyles = makeStyles({
  // The browser's own date input only lends its calendar: it is never seen nor reached with Tab.
  picker: { position: 'absolute', width: '1px', height: '1px', opacity: 0, border: 0, padding: 0, pointerEvents: 'none', bottom: 0, right: 0 },
  after: { position: 'relative', display: 'inline-flex' },
});

/** The browser's calendar, where it has one (showPicker: Chromium, Firefox, Safari 16+). */
type WithPicker = HTMLInputElement & { showPicker?: () => void };

/**
 * The portal's one date field: the day is typed and shown in the user's language (dd/mm/aaaa in
 * Spanish), whatever the browser's language (its <input type=date> shows mm/dd/yyyy to a browser
 * in English), and kept as the ISO day. The calendar button opens the browser's calendar, whose
 * choice is written in the field as the language writes it.
 */
export function DateInput({ value, onValue, onUnreadable, disabled, ...input }: DateInputProps) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const { language } = useFormat();
  const [text, setText] = useState(() => dateInputText(value, language));
  const picker = useRef<WithPicker>(null);
  // A day changed from outside (reset, reloaded) shows as the language writes it; a half-typed one stays.
  useEffect(() => {
    setText((current) => {
      const reading = parseDateText(current, language);
      const shown = reading.kind === 'date' ? reading.value : reading.kind === 'empty' ? '' : undefined;
      return shown === (value ?? '') ? current : dateInputText(value, language);
    });
  }, [value, language]);
  const take = (typed: string) => {
    setText(typed);
    const reading = parseDateText(typed, language);
    if (reading.kind === 'error') return onUnreadable?.(reading.message, typed);
    onUnreadable?.(null, typed);
    onValue(reading.kind === 'date' ? reading.value : null);
  };
  return (
    <Input
      {...input}
      disabled={disabled}
      type="text"
      autoComplete="off"
      placeholder={input.placeholder ?? dateLayoutOf(language).pattern}
      value={text}
      onChange={(_, data) => take(data.value)}
      contentAfter={
        <span className={styles.after}>
          <Button
            appearance="transparent"
            size="small"
            icon={<CalendarRegular />}
            disabled={disabled || input.readOnly}
            aria-label={t('dateField.calendar')}
            title={t('dateField.calendar')}
            onClick={() => {
              const element = picker.current;
              if (!element) return;
              element.value = value ?? '';
              try {
                if (typeof element.showPicker === 'function') element.showPicker();
                else element.focus();
              } catch {
                // A browser that refuses to open it leaves the typed field, which always works.
              }
            }}
          />
          <input
            ref={picker}
            className={styles.picker}
            type="date"
            tabIndex={-1}
            aria-hidden
            aria-label={t('dateField.calendar')}
            onChange={(event) => event.target.value && take(dateInputText(event.target.value, language))}
          />
        </span>
      }
    />
  );
}

/**
 * A labelled date field outside a react-hook-form form (filters, periods, a dialog's one day): the
 * label, the DateInput, and what to type when the text is no day. `value`/`onValue` as DateInput's.
 */
export function DateField({
  label,
  className,
  required,
  hint,
  validationMessage,
  ...input
}: DateInputProps &
  Pick<FieldProps, 'label' | 'className' | 'required' | 'hint'> & {
    /** The screen's own message (a period that ends before it starts), after the field's own. */
    validationMessage?: string;
  }) {
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const message = unreadable ?? validationMessage;
  return (
    <Field
      label={label}
      className={className}
      required={required}
      hint={message ? undefined : hint}
      validationMessage={message}
      validationState={message ? 'error' : 'none'}
    >
      <DateInput
        {...input}
        onUnreadable={(reason, typed) => {
          setUnreadable(reason);
          input.onUnreadable?.(reason, typed);
        }}
      />
    </Field>
  );
}

const useDateTimeStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: '8px', '& > .fui-Input:first-child': { flexGrow: 1, minWidth: '10em' } },
  time: { width: '6.5em' },
});

/**
 * A day and a time of day ('yyyy-MM-ddTHH:mm', local time, as a datetime-local input held it):
 * the day in the language's pattern and the time on a 24-hour clock, never the browser's
 * datetime input (mm/dd/yyyy, hh:mm AM/PM to a browser in English).
 */
export function DateTimeField({
  label,
  value,
  onValue,
  validationMessage,
  size,
}: Pick<FieldProps, 'label'> & { value: string; onValue: (value: string) => void; validationMessage?: string; size?: InputProps['size'] }) {
  const styles = useDateTimeStyles();
  const [day, clock] = [value.slice(0, 10), value.slice(11, 16)];
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const [timeText, setTimeText] = useState(clock);
  const [timeError, setTimeError] = useState(false);
  useEffect(() => setTimeText((current) => (parseTimeText(current) === clock ? current : clock)), [clock]);
  const message = unreadable ?? (timeError ? dateMessages.time : validationMessage);
  return (
    <Field label={label} validationMessage={message} validationState={message ? 'error' : 'none'}>
      {(control: FieldControlProps) => (
        <div className={styles.row}>
          <DateInput
            {...control}
            size={size}
            value={day}
            onValue={(next) => next && onValue(`${next}T${clock || '00:00'}`)}
            onUnreadable={(reason) => setUnreadable(reason)}
          />
          <Input
            className={styles.time}
            size={size}
            inputMode="numeric"
            autoComplete="off"
            placeholder="hh:mm"
            aria-label={typeof label === 'string' ? `${label} (hh:mm)` : 'hh:mm'}
            value={timeText}
            onChange={(_, data) => {
              setTimeText(data.value);
              const time = parseTimeText(data.value);
              setTimeError(time === null);
              if (time) onValue(`${day}T${time}`);
            }}
          />
        </div>
      )}
    </Field>
  );
}

/**
 * A time of day on a 24-hour clock typed as text ('7:05', '0705' → '07:05'), never the browser's
 * time input (hh:mm AM/PM to a browser in English). `onText` gets the time as 'HH:MM' when it is
 * one, else what was typed (the form's schema then refuses it with its own message).
 */
export function TimeInput({
  value,
  onText,
  ...input
}: Omit<InputProps, 'value' | 'onChange' | 'type'> & { value: string; onText: (text: string) => void; ref?: Ref<HTMLInputElement> }) {
  const [text, setText] = useState(value);
  // A time changed from outside (reset, reloaded) shows as it is; a half-typed one stays.
  useEffect(() => setText((current) => (parseTimeText(current) === value || current === value ? current : value)), [value]);
  return (
    <Input
      {...input}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={input.placeholder ?? 'hh:mm'}
      value={text}
      onChange={(_, data) => {
        setText(data.value);
        onText(parseTimeText(data.value) ?? data.value);
      }}
    />
  );
}
