import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/* Which columns of the shared list stay in a table too wide for its frame (issue 38). */

/** 1: a key column; 2: the default; 3: the first to leave a narrow table for the row's detail. */
export type ColumnPriority = 1 | 2 | 3;

/**
 * The columns a table too wide for its frame moves into the rows' detail, in the order it moves
 * them: lowest priority first, the rightmost first among equals; never a key column nor the first.
 */
export function foldingOrder<C extends { priority?: ColumnPriority }>(columns: readonly C[]): C[] {
  return columns
    .map((column, index) => ({ column, index, priority: index === 0 ? 1 : (column.priority ?? 2) }))
    .filter((entry) => entry.priority > 1)
    .sort((a, b) => b.priority - a.priority || b.index - a.index)
    .map((entry) => entry.column);
}

/**
 * The columns that fit the table's frame: while the table is wider than its frame, the next
 * column of `foldingOrder` moves to the rows' detail (before the browser paints); a new width
 * or a new page of rows starts again from every column.
 */
export function useFittedColumns<C extends { key: string; priority?: ColumnPriority }>(columns: readonly C[], off: boolean, rows: unknown) {
  const frameRef = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  const [fit, setFit] = useState<{ width: number; rows: unknown; folded: number; scrolls: boolean }>({ width: 0, rows: null, folded: 0, scrolls: false });
  const order = foldingOrder(columns);
  const current = fit.width === width && fit.rows === rows;
  const folded = off || !current ? 0 : Math.min(fit.folded, order.length);
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(Math.round(frame.clientWidth)));
    observer.observe(frame);
    return () => observer.disconnect();
  }, [off]);
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (off || !frame) return;
    const tooWide = frame.scrollWidth > frame.clientWidth + 1;
    if (tooWide && folded < order.length) setFit({ width, rows, folded: folded + 1, scrolls: false });
    else if (!current || fit.scrolls !== tooWide) setFit({ width, rows, folded, scrolls: tooWide });
  });
  const away = new Set(order.slice(0, folded).map((column) => column.key));
  return {
    frameRef,
    /** Even the key columns are wider than the frame: it scrolls under a sticky first column. */
    scrolls: current && fit.scrolls,
    tableColumns: columns.filter((column) => !away.has(column.key)),
    detailColumns: columns.filter((column) => away.has(column.key)),
  };
}
