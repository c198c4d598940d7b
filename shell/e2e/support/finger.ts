import type { CDPSession } from 'playwright-core';

/** A finger on the glass: Chromium's own touch input (it scrolls, holds and drags as a tablet does). */
export function finger(cdp: CDPSession) {
  const at = (type: 'touchStart' | 'touchMove', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: [{ x: Math.round(x), y: Math.round(y), radiusX: 4, radiusY: 4, force: 1 }] });
  const up = () => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
  return {
    /** Down, straight along to (toX, toY) in `steps` moves `stepMs` apart, up; `holdMs` still first. */
    async stroke(fromX: number, fromY: number, toX: number, toY: number, { holdMs = 0, steps = 12, stepMs = 16 } = {}) {
      await at('touchStart', fromX, fromY);
      if (holdMs) await pause(holdMs);
      for (let step = 1; step <= steps; step++) {
        await at('touchMove', fromX + ((toX - fromX) * step) / steps, fromY + ((toY - fromY) * step) / steps);
        await pause(stepMs);
      }
      await pause(150);
      await up();
    },
    /** A long press: down at (x, y), still for `holdMs`, up. */
    async hold(x: number, y: number, holdMs = 800) {
      await at('touchStart', x, y);
      await pause(holdMs);
      await up();
    },
  };
}
