/**
 * Fluent's focus manager (tabster) puts focus catchers (`<i data-tabster-dummy aria-hidden="true"
 * tabindex="0">`) in two places the portal has, focusable while hidden from screen readers (axe
 * `aria-hidden-focus`, serious; Fluent has no option for either: a dialog's `inertTrapFocus`
 * governs only the dialog's own catchers, which axe accepts while the dialog is open):
 * - at the ends of <body>, once any Dialog, Drawer or Popover is mounted (Fluent creates tabster with
 *   `controlTab: false`, and then tabster's modalizer asks the root for them). Their one job is to
 *   pull focus that comes from the browser's toolbar into an open modal; with none open they only
 *   pass focus to the page's first or last element, as the browser does by itself;
 * - at the ends of a tab list (its arrow-key group), to send Tab into the list to the selected tab.
 *
 * The fix (not an axe exception): the body's catchers leave the tab order while no modal is open
 * (aria-modal="true" in the page) and keep tabster's value while one is, when they do their job; a
 * tab list's catchers leave it for good, and its tabs take a roving tabindex (the selected tab 0, the
 * others -1), so Tab still enters the list at the selected tab and the arrows still move along it.
 * Leaving the group with Tab works as before: tabster focuses a catcher from script, which -1 allows.
 */
const BODY_CATCHER = 'body > [data-tabster-dummy]';
const TAB_LIST_CATCHER = '[role="tablist"] > [data-tabster-dummy]';
const MODAL_OPEN = '[aria-modal="true"]';
/** A toaster's catchers (its own and its portal's, around it): they only send Tab into the toasts, which are not a stop of the page. */
const TOASTER_CATCHER = '.fui-Toaster > [data-tabster-dummy], :has(> .fui-Toaster) > [data-tabster-dummy]';

const untabbable = (element: HTMLElement, tabbable = false) => {
  const wanted = tabbable ? 0 : -1;
  if (element.tabIndex !== wanted) element.tabIndex = wanted;
};

function restrainCatchers(doc: Document): void {
  if (!doc.querySelector(MODAL_OPEN)) doc.querySelectorAll<HTMLElement>(BODY_CATCHER).forEach((catcher) => untabbable(catcher));
  doc.querySelectorAll<HTMLElement>(TOASTER_CATCHER).forEach((catcher) => untabbable(catcher));
  for (const catcher of doc.querySelectorAll<HTMLElement>(TAB_LIST_CATCHER)) {
    untabbable(catcher);
    const tabs = [...(catcher.parentElement?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const selected = tabs.find((tab) => tab.getAttribute('aria-selected') === 'true') ?? tabs[0];
    tabs.forEach((tab) => untabbable(tab, tab === selected));
  }
}

const isCatcher = (node: Node) => node instanceof HTMLElement && node.hasAttribute('data-tabster-dummy');

/** A catcher was added or made tabbable again (tabster does it when focus leaves), or a tab was selected. */
const concernsCatchers = (mutation: MutationRecord) =>
  mutation.type === 'childList' ? [...mutation.addedNodes].some(isCatcher) : isCatcher(mutation.target) || mutation.attributeName === 'aria-selected';

export function keepTabsterCatchersOutOfTabOrder(doc: Document = document): () => void {
  const observer = new MutationObserver((mutations) => {
    if (mutations.some(concernsCatchers)) restrainCatchers(doc);
  });
  observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['tabindex', 'aria-selected'] });
  restrainCatchers(doc);
  return () => observer.disconnect();
}
