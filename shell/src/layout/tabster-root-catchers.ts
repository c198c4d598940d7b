/**
 * Fluent's focus manager (tabster) adds two focus catchers at the ends of <body>
 * (`<i data-tabster-dummy aria-hidden="true" tabindex="0">`) once any Dialog, Drawer or Popover is
 * mounted: Fluent creates tabster with `controlTab: false`, and then tabster's modalizer asks the
 * root for them. Their one job is to pull focus that arrives from the browser's toolbar into an open
 * modal. With no modal open they only hand focus to the page's first or last tabbable element, which
 * the browser does by itself; yet they stay in the tab order while hidden from screen readers
 * (axe `aria-hidden-focus`, serious, on every signed-in page; Fluent has no option for these: the
 * dialog's `inertTrapFocus` governs only the dialog's own catchers).
 *
 * The fix (not an axe exception): they are taken out of the tab order (tabindex -1) while no modal
 * is open, and left as tabster sets them while one is (aria-modal="true" in the page), when they do
 * their job and axe, seeing the modal, does not count them.
 */
const ROOT_CATCHER = 'body > [data-tabster-dummy]';
const MODAL_OPEN = '[aria-modal="true"]';

function restrainRootCatchers(doc: Document): void {
  if (doc.querySelector(MODAL_OPEN)) return;
  for (const catcher of doc.querySelectorAll<HTMLElement>(ROOT_CATCHER)) {
    if (catcher.tabIndex !== -1) catcher.tabIndex = -1;
  }
}

/**
 * Watches <body>'s own children (tabster adds the catchers there) and the catchers' tabindex
 * (tabster makes them tabbable again whenever focus leaves the page).
 */
export function keepTabsterRootCatchersOutOfTabOrder(doc: Document = document): () => void {
  const restrain = () => restrainRootCatchers(doc);
  const children = new MutationObserver(restrain);
  children.observe(doc.body, { childList: true });
  const tabIndexes = new MutationObserver((mutations) => {
    if (mutations.some((mutation) => (mutation.target as Element).parentElement === doc.body)) restrain();
  });
  tabIndexes.observe(doc.body, { attributes: true, attributeFilter: ['tabindex'], subtree: true });
  restrain();
  return () => {
    children.disconnect();
    tabIndexes.disconnect();
  };
}
