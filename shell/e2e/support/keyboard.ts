import type { Page } from 'playwright-core';

/** The element that has the keyboard focus, as a keyboard user meets it. */
export interface Focused {
  /** role (or tag) and accessible name, for failure messages */
  description: string;
  role: string;
  name: string;
  /** its look differs from the same element unfocused (outline, ring, border, underline, colours) */
  indicated: boolean;
  /** what differs, e.g. "outline-style: none → auto" */
  indicator: string;
  /** inside the window (the browser scrolled it into view) */
  inView: boolean;
}

/**
 * The focused element and whether its focus is visible. "Visible" is measured, not assumed: the
 * element (with the field frame or checkbox row around it, or the close ancestor Fluent marks
 * `data-fui-focus-within`, and their ::before/::after, where Fluent draws its focus ring) is compared with a copy of itself that does not have the focus —
 * inserted beside it for a moment, without Fluent's `data-fui-focus-visible` mark — and some
 * drawn property (outline, box shadow, border, background, colour, underline, a pseudo element's
 * ring) must differ. Null when nothing but the page has the focus.
 */
export async function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(async () => {
    const element = document.activeElement;
    if (!element || element === document.body || element === document.documentElement) return null;
    const FRAME = '.fui-Input, .fui-Select, .fui-Combobox, .fui-Dropdown, .fui-SpinButton, .fui-Textarea, .fui-Checkbox, .fui-Radio, .fui-Switch';
    const PROPERTIES = [
      'outline-style',
      'outline-width',
      'outline-color',
      'outline-offset',
      'box-shadow',
      'border-top-color',
      'border-bottom-color',
      'border-left-color',
      'border-right-color',
      'border-top-width',
      'border-bottom-width',
      'background-color',
      'color',
      'text-decoration-line',
      'text-decoration-style',
      'text-decoration-color',
    ];
    const PSEUDO = [...PROPERTIES, 'content', 'transform', 'opacity', 'display', 'visibility'];
    const look = (node: Element) => {
      const values: Record<string, string> = {};
      const own = getComputedStyle(node);
      for (const property of PROPERTIES) values[property] = own.getPropertyValue(property);
      for (const pseudo of ['::before', '::after']) {
        const style = getComputedStyle(node, pseudo);
        if (style.content === 'none' || style.content === 'normal') continue;
        for (const property of PSEUDO) values[`${pseudo} ${property}`] = style.getPropertyValue(property);
      }
      return values;
    };
    /** The same element unfocused: a copy beside it (same parent, so the same rules apply). */
    const restingLook = (node: Element) => {
      const copy = node.cloneNode(true) as Element;
      for (const marked of [copy, ...copy.querySelectorAll('[data-fui-focus-visible],[data-fui-focus-within]')]) {
        marked.removeAttribute('data-fui-focus-visible');
        marked.removeAttribute('data-fui-focus-within');
      }
      copy.removeAttribute('id');
      node.after(copy);
      const values = look(copy);
      copy.remove();
      return values;
    };
    const transparent = (color: string | undefined) => !color || color === 'transparent' || /rgba\(.*,\s*0\)$/.test(color);
    const outlineShows = (values: Record<string, string>, prefix: string) =>
      values[`${prefix}outline-style`] !== 'none' && parseFloat(values[`${prefix}outline-width`]) > 0 && !transparent(values[`${prefix}outline-color`]);
    const differences: string[] = [];
    const nodes = new Set<Element>([element]);
    const frame = element.closest(FRAME);
    if (frame) nodes.add(frame);
    // Fluent draws some rings on a close ancestor that has the focus within (a sortable header's cell).
    for (let node = element.parentElement, level = 0; node && level < 3; node = node.parentElement, level++) {
      if (node.hasAttribute('data-fui-focus-within')) nodes.add(node);
    }
    // Fluent animates its rings in (a field's underline grows from nothing): measured once drawn.
    const drawing = document
      .getAnimations()
      .filter((animation) => animation instanceof CSSTransition && nodes.has((animation.effect as KeyframeEffect | null)?.target as Element));
    await Promise.race([Promise.all(drawing.map((animation) => animation.finished.catch(() => undefined))), new Promise((done) => setTimeout(done, 1_000))]);
    for (const node of nodes) {
      const now = look(node);
      const resting = restingLook(node);
      for (const key of new Set([...Object.keys(now), ...Object.keys(resting)])) {
        if (now[key] === resting[key]) continue;
        // An outline shows only when it has a style, a width and a colour: Fluent adds a
        // transparent one for Windows' high-contrast mode, which draws nothing here.
        const prefix = key.slice(0, key.indexOf('outline'));
        if (key.includes('outline-') && !outlineShows(now, prefix)) continue;
        differences.push(`${key}: ${resting[key] ?? '(none)'} → ${now[key] ?? '(none)'}`);
      }
    }
    const labelledBy = element
      .getAttribute('aria-labelledby')
      ?.split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    const fieldLabel =
      element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement
        ? element.labels?.[0]?.textContent
        : null;
    const name = (element.getAttribute('aria-label') ?? labelledBy ?? fieldLabel ?? element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
    const box = element.getBoundingClientRect();
    return {
      description: `${role} "${name}"`,
      role,
      name,
      indicated: differences.length > 0,
      indicator: differences.slice(0, 3).join('; '),
      inView: box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth,
    };
  });
}

/** Fails unless an element has the focus, in view, with a visible focus indicator. */
export async function expectVisibleFocus(page: Page, after: string): Promise<Focused> {
  let state = await focused(page);
  // The browser scrolls the focused element into view, smoothly where the page asks for it: a moment.
  for (const deadline = Date.now() + 1_500; state && !state.inView && Date.now() < deadline;) {
    await page.waitForTimeout(100);
    state = await focused(page);
  }
  if (!state) throw new Error(`after ${after} nothing has the focus (document.activeElement is the page)`);
  if (!state.inView) throw new Error(`after ${after} the focused ${state.description} is outside the window`);
  if (!state.indicated) throw new Error(`after ${after} the focused ${state.description} shows no focus indicator (it looks the same unfocused)`);
  return state;
}

/** Presses a key and checks that the focus is then visible. */
export async function press(page: Page, key: string): Promise<Focused> {
  await page.keyboard.press(key);
  await settleFocus(page);
  return expectVisibleFocus(page, key);
}

/** Fluent moves the focus in effects and animation frames: lets them run. */
async function settleFocus(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
}

/**
 * Presses Tab (or Shift+Tab) until the focused element is the one wanted (at once when it already
 * has the focus), checking at every step that the focus is visible; fails after `max` presses with
 * the elements it went through. Past the page's last element the focus leaves for the browser's
 * own controls (the page has none focused for one press) and comes back at the first: allowed.
 */
export async function tabTo(page: Page, wanted: (focus: Focused) => boolean, { backwards = false, max = 80 } = {}): Promise<Focused> {
  const current = await focused(page);
  if (current && wanted(current)) return expectVisibleFocus(page, `reaching ${current.description}`);
  const key = backwards ? 'Shift+Tab' : 'Tab';
  const path: string[] = [];
  for (let step = 0; step < max; step++) {
    await page.keyboard.press(key);
    await settleFocus(page);
    if (!(await focused(page)) && path.at(-1) !== BROWSER_UI) {
      path.push(BROWSER_UI);
      continue;
    }
    const focus = await expectVisibleFocus(page, `${key} (after ${path.slice(-3).join(', ') || 'the start'})`);
    path.push(focus.description);
    if (wanted(focus)) return focus;
  }
  throw new Error(`${max} × ${key} never reached the element wanted; went through:\n${path.join('\n')}`);
}

const BROWSER_UI = "(the browser's own controls)";

/** Matches a focused element by role and name (a string is matched whole, ignoring a required field's asterisk). */
export const named =
  (role: string | RegExp, name: string | RegExp) =>
  (focus: Focused): boolean =>
    (typeof role === 'string' ? focus.role === role : role.test(focus.role)) &&
    (typeof name === 'string' ? focus.name.replace(/\s*\*$/, '') === name : name.test(focus.name));
