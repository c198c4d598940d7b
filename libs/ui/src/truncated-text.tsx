import { makeStyles, mergeClasses, Tooltip } from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** How long a finger rests on a cut text before its full text shows (a tap stays a tap). */
export const LONG_PRESS_MS = 500;
/** How long the full text stays after a long press, unless another touch comes first. */
export const LONG_PRESS_SHOWN_MS = 4000;

const FOCUS_HOST = 'a[href], button, input, select, textarea, [tabindex]';

const useStyles = makeStyles({
  text: { display: 'block', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/** Whether an element's text is cut (wider than its box). */
export const isCut = (element: HTMLElement | null): boolean => !!element && element.scrollWidth > element.clientWidth + 0.5;

export interface FullTextTooltipOptions {
  /** Show on any focus, not only a keyboard's (a field: a finger's tap focuses it, and the tap is the reading). */
  anyFocus?: boolean;
}

/**
 * When `cut()` is true, the full text of a cut label shows: on hover (Fluent's Tooltip), on focus
 * of the control holding it, and on a long press of a finger (Fluent's Tooltip shows on a mouse's
 * hover and focus only; a tablet has no hover, and a `title` never shows there). The long-pressed
 * text stays a few seconds, or until the next touch; the long press neither follows a link nor
 * opens the browser's menu. Give the result to a controlled Fluent Tooltip around `target`.
 */
export function useFullTextTooltip(target: RefObject<HTMLElement | null>, cut: () => boolean, { anyFocus = false }: FullTextTooltipOptions = {}) {
  const [visible, setVisible] = useState(false);
  const pressed = useRef(false);
  const cutRef = useRef(cut);
  cutRef.current = cut;

  const anyFocusRef = useRef(anyFocus);
  anyFocusRef.current = anyFocus;
  const attached = useRef<{ element: HTMLElement; detach: () => void } | null>(null);

  // Attached to the element once it is rendered (a field may appear after its first render), again if it changes.
  useEffect(() => {
    const element = target.current;
    if (attached.current?.element === element) return;
    attached.current?.detach();
    attached.current = element ? { element, detach: listen(element) } : null;
  });
  useEffect(() => () => attached.current?.detach(), []);

  function listen(element: HTMLElement): () => void {
    const host = element.closest<HTMLElement>(FOCUS_HOST) ?? element;
    let pressTimer: ReturnType<typeof setTimeout> | undefined;
    let shownTimer: ReturnType<typeof setTimeout> | undefined;
    const hide = () => {
      pressed.current = false;
      clearTimeout(shownTimer);
      setVisible(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if ((anyFocusRef.current || (event.target as HTMLElement).matches(':focus-visible')) && cutRef.current()) setVisible(true);
    };
    const onFocusOut = () => !pressed.current && setVisible(false);
    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') return;
      clearTimeout(pressTimer);
      pressTimer = setTimeout(() => {
        if (!cutRef.current()) return;
        pressed.current = true;
        setVisible(true);
        clearTimeout(shownTimer);
        shownTimer = setTimeout(hide, LONG_PRESS_SHOWN_MS);
      }, LONG_PRESS_MS);
    };
    const cancelPress = () => clearTimeout(pressTimer);
    // A long press reads the label: it does not also follow the link or open the browser's menu.
    const swallow = (event: Event) => {
      if (!pressed.current) return;
      event.preventDefault();
      event.stopPropagation();
    };
    const onClick = (event: Event) => {
      swallow(event);
      pressed.current = false;
    };
    // The next touch anywhere else puts the long-pressed text away.
    const onDocumentPointerDown = (event: PointerEvent) => {
      if (pressed.current && !host.contains(event.target as Node)) hide();
    };
    const listeners: [EventTarget, string, (event: never) => void, boolean][] = [
      [host, 'focusin', onFocusIn, false],
      [host, 'focusout', onFocusOut, false],
      [host, 'pointerdown', onPointerDown, false],
      [host, 'pointerup', cancelPress, false],
      [host, 'pointercancel', cancelPress, false],
      [host, 'contextmenu', swallow, false],
      [host, 'click', onClick, true],
      [document, 'pointerdown', onDocumentPointerDown, true],
    ];
    for (const [on, type, listener, capture] of listeners) on.addEventListener(type, listener as EventListener, capture);
    return () => {
      clearTimeout(pressTimer);
      clearTimeout(shownTimer);
      for (const [on, type, listener, capture] of listeners) on.removeEventListener(type, listener as EventListener, capture);
    };
  }

  // Fluent's own hover: shown only when cut; a long-pressed text does not go when the finger lifts.
  const onVisibleChange = useCallback((_event: unknown, data: { visible: boolean }) => {
    if (data.visible) setVisible(cutRef.current());
    else if (!pressed.current) setVisible(false);
  }, []);
  return { visible, onVisibleChange };
}

/**
 * A label cut with an ellipsis where its box is too narrow (a menu entry, a company's name), its
 * full text shown on hover, on focus of the control it is in and on a long press (see
 * useFullTextTooltip). Screen readers read the whole text already: the tooltip is for the eyes.
 */
export function TruncatedText({
  text,
  className,
  positioning = 'below',
}: {
  text: string;
  className?: string;
  /** Where the full text opens: below (the toolbar) or after (a menu entry, beside it). */
  positioning?: 'below' | 'after';
}) {
  const styles = useStyles();
  const ref = useRef<HTMLSpanElement>(null);
  const tip = useFullTextTooltip(ref, () => isCut(ref.current));
  return (
    <Tooltip content={text} relationship="inaccessible" visible={tip.visible} onVisibleChange={tip.onVisibleChange} positioning={positioning}>
      <span ref={ref} className={mergeClasses(styles.text, className)} data-truncated-text="">
        {text}
      </span>
    </Tooltip>
  );
}

/** Whether an empty field's placeholder is wider than the field's text box. */
export function isPlaceholderCut(input: HTMLInputElement | null): boolean {
  if (!input || input.value !== '' || !input.placeholder) return false;
  const style = getComputedStyle(input);
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return false;
  context.font = style.font || `${style.fontSize} ${style.fontFamily}`;
  const box = input.clientWidth - parseFloat(style.paddingLeft || '0') - parseFloat(style.paddingRight || '0');
  return context.measureText(input.placeholder).width > box + 0.5;
}
