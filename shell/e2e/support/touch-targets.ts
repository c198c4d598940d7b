import type { Page } from 'playwright-core';

/** WCAG 2.5.5 (AAA) target size, which issue 17 asks of the tablet layouts. */
export const MIN_TARGET = 44;

export interface TargetSize {
  /** role or tag, and the element's name (aria-label, text, title or its field's label) */
  element: string;
  width: number;
  height: number;
  /** the landmark or part it lies in */
  part: string;
}

/**
 * Every visible interactive element of the page (buttons, links, fields, selects, checkboxes,
 * radios, switches, tabs, menu items, tree items, sliders and anything else in the Tab order)
 * with its size from getBoundingClientRect, in CSS px.
 *
 * Measured as the finger meets it:
 * - a Fluent field (input, select, combobox, dropdown) is its visible frame, the inner `<input>`
 *   stretched inside its 1 px border;
 * - a checkbox, radio or switch is its whole row: Fluent lays a transparent `<input>` over the
 *   indicator and the label makes the rest of the row tappable too, so the size is the union of
 *   the input and its `<label>`;
 * - an element that is not really there is left out: no box, `visibility: hidden`, clipped to
 *   1 px (visually hidden text and the skip link before it has the focus), `aria-hidden` or inert
 *   (Fluent's focus-trap sentinels), a closed `<details>`' contents;
 * - the WCAG 2.5.5 / 2.5.8 "inline" exception: a link inside running text (a sentence of a
 *   paragraph, a list item's or a table cell's text where other words sit on the same line)
 *   takes its size from the line height of the text around it, which the exception allows; it is
 *   left out when its line holds other text. A link that is a cell's whole content (a machine's
 *   name in a table) is not inline: it is measured, and must be 44 px tall like any button.
 */
export async function interactiveTargets(page: Page): Promise<TargetSize[]> {
  return page.evaluate(() => {
    const SELECTOR = [
      'button',
      'a[href]',
      'input:not([type=hidden])',
      'select',
      'textarea',
      'summary',
      '[role=button]',
      '[role=link]',
      '[role=tab]',
      '[role=menuitem]',
      '[role=menuitemcheckbox]',
      '[role=menuitemradio]',
      '[role=checkbox]',
      '[role=radio]',
      '[role=switch]',
      '[role=combobox]',
      '[role=treeitem]',
      '[role=slider]',
      '[role=spinbutton]',
      '[tabindex]:not([tabindex^="-"])',
    ].join(',');
    const union = (a: DOMRect, b: DOMRect) => {
      const left = Math.min(a.left, b.left);
      const top = Math.min(a.top, b.top);
      return new DOMRect(left, top, Math.max(a.right, b.right) - left, Math.max(a.bottom, b.bottom) - top);
    };
    const nameOf = (element: Element) => {
      const labelled = element.getAttribute('aria-labelledby');
      const fromIds = labelled
        ?.split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      const label =
        element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement
          ? element.labels?.[0]?.textContent
          : null;
      return (element.getAttribute('aria-label') ?? fromIds ?? label ?? element.textContent ?? element.getAttribute('title') ?? '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 50);
    };
    const partOf = (element: Element) => {
      const part = element.closest('[data-part],[role=dialog],[role=menu],[role=tablist],header,nav,footer,main,aside');
      return part ? `${part.tagName.toLowerCase()}${part.getAttribute('data-part') ? `[${part.getAttribute('data-part')}]` : ''}` : 'page';
    };
    const hiddenToUsers = (element: Element) => {
      if (element.closest('[aria-hidden=true],[inert],[data-tabster-dummy]')) return true;
      const details = element.closest('details:not([open])');
      if (details && !element.closest('summary')) return true;
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse') return true;
        // Visually hidden (clip or clip-path to nothing): the skip link until focused, screen-reader text.
        if ((style.clip && style.clip !== 'auto') || style.clipPath === 'inset(50%)') return true;
      }
      return false;
    };
    /** A link inside running text: some non-blank text outside it on one of its lines. */
    const inline = (element: Element) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      const block = element.parentElement?.closest('p, li, td, th, dd, span, div');
      if (!block) return false;
      const box = element.getBoundingClientRect();
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (element.contains(node) || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.bottom > box.top && rect.top < box.bottom) return true;
      }
      return false;
    };

    const seen = new Set<Element>();
    const sizes: { element: string; width: number; height: number; part: string }[] = [];
    for (const element of document.querySelectorAll(SELECTOR)) {
      // A control's own inner focusable part (a Fluent input inside its field) counts once, as the control.
      if (seen.has(element) || hiddenToUsers(element)) continue;
      // A Fluent field's own input is measured by the field's visible frame (its 1 px border included).
      const frame = element.closest('.fui-Input, .fui-Select, .fui-Combobox, .fui-Dropdown, .fui-SpinButton, .fui-Textarea');
      let box = (frame ?? element).getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      if (element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type)) {
        for (const label of element.labels ?? []) box = union(box, label.getBoundingClientRect());
      }
      if (inline(element)) continue;
      seen.add(element);
      const role = element.getAttribute('role') ?? (element instanceof HTMLInputElement ? `input[${element.type}]` : element.tagName.toLowerCase());
      sizes.push({
        element: `${role} "${nameOf(element)}"`,
        width: Math.round(box.width * 10) / 10,
        height: Math.round(box.height * 10) / 10,
        part: partOf(element),
      });
    }
    return sizes;
  });
}

/** The interactive elements smaller than 44 × 44 CSS px, described for a failure message. */
export async function smallTargets(page: Page): Promise<string[]> {
  const sizes = await interactiveTargets(page);
  return sizes
    .filter((size) => size.width < MIN_TARGET - 0.5 || size.height < MIN_TARGET - 0.5)
    .map((size) => `${size.element} in ${size.part}: ${size.width}×${size.height}`);
}
