import type { Locator, Page } from 'playwright-core';

/* What a tablet's reader sees whole (issue 38): board columns, table columns, pills. */

/** The board's columns (not the folded strips of empty ones) that lie wholly inside the board's visible box. */
export const wholeColumns = (page: Page, boardTestId = 'board') =>
  page.getByTestId(boardTestId).evaluate((board) => {
    const frame = board.getBoundingClientRect();
    const right = Math.min(frame.right, window.innerWidth);
    return [...board.querySelectorAll<HTMLElement>(':scope > section[data-testid^="kanban-column-"]:not([data-collapsed])')].filter((column) => {
      const box = column.getBoundingClientRect();
      return box.left >= frame.left - 0.5 && box.right <= right + 0.5;
    }).length;
  });

/** A badge's box and the box of its text: the text must lie inside the outline. */
export const pillAndText = (pill: Locator) =>
  pill.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    const outline = element.getBoundingClientRect();
    return {
      inside: text.top >= outline.top - 0.5 && text.bottom <= outline.bottom + 0.5 && text.left >= outline.left - 0.5 && text.right <= outline.right + 0.5,
      outline: [outline.left, outline.top, outline.right, outline.bottom].map(Math.round),
      text: [text.left, text.top, text.right, text.bottom].map(Math.round),
    };
  });

/**
 * Whether a table's column header can be read on screen: scrolled into view inside the table's
 * scrolling frame if it has to be, it lies wholly inside that frame and the window, and the first
 * column (sticky) is still on screen beside it.
 */
export async function headerReachable(table: Locator, name: string): Promise<boolean> {
  const header = table.getByRole('columnheader', { name, exact: true });
  await header.scrollIntoViewIfNeeded();
  return header.evaluate((cell) => {
    const frame = cell.closest('table')!.parentElement!.getBoundingClientRect();
    const box = cell.getBoundingClientRect();
    const first = cell.parentElement!.firstElementChild!.getBoundingClientRect();
    const within = (inner: DOMRect) => inner.left >= Math.max(frame.left, 0) - 0.5 && inner.right <= Math.min(frame.right, window.innerWidth) + 0.5;
    return within(box) && within(first);
  });
}
