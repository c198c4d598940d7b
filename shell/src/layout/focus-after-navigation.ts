import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** How the user last worked the page: a key (Tab, Enter…) or a pointer (mouse, finger, pen). */
let lastInput: 'keyboard' | 'pointer' | null = null;
let inputs = 0;
if (typeof document !== 'undefined') {
  document.addEventListener('keydown', () => ((lastInput = 'keyboard'), inputs++), true);
  document.addEventListener('pointerdown', () => ((lastInput = 'pointer'), inputs++), true);
}

/** How long a new page may take to show its title (a remote loading its code). */
const WAIT_MS = 10_000;

/**
 * Keyboard users keep their place across pages (issue 17): when Enter on a list row, 'Guardar' or
 * 'Volver' moves to another page, the element that had the focus is gone with the old page and
 * the browser drops the focus to <body> — the next Tab would start again at the top of the page,
 * with nothing marked in between. The new page's title (its <h1>, in <main>) takes the focus
 * instead, which also has a screen reader read where the user landed. Only after a keyboard
 * action and only when the focus was really lost: a page that focuses a field of its own, a
 * pointer's navigation or any key pressed meanwhile is left alone.
 */
export function useFocusAfterNavigation(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (lastInput !== 'keyboard') return;
    const inputsAtNavigation = inputs;
    const deadline = Date.now() + WAIT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Watched for the whole while, not once: the new page may replace its title as it settles
    // (the chrome arriving, a remote's page replacing its placeholder), losing the focus again.
    const check = () => {
      if (inputs !== inputsAtNavigation) return;
      const active = document.activeElement;
      const lost = !active || active === document.body;
      const heading = lost ? document.querySelector<HTMLElement>('main h1') : null;
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus();
      }
      if (Date.now() < deadline) timer = setTimeout(check, 50);
    };
    check();
    return () => clearTimeout(timer);
  }, [pathname]);
}
