import { currentPause, pausedMs, pausesWithin, pauseView, runningMs, wallTimeAfter, type PressStop } from './run-pauses';

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 5, 6, 0) + minutes * 60_000);
const stop = (from: number, to: number | null, line_id = 1): PressStop => ({
  line_id,
  started_at: at(from),
  ended_at: to === null ? null : at(to),
  cause: 'hydraulic',
});

describe('run pauses', () => {
  it('clips the stops of the run’s line to the run, merges overlapping ones and leaves other lines out', () => {
    const pauses = pausesWithin({ line_id: 1, start: at(10), end: at(100) }, [
      stop(0, 15),
      stop(30, 40),
      stop(35, 50),
      stop(60, 70, 2),
      stop(90, null),
      stop(120, 130),
    ]);
    expect(pauses.map((pause) => [pause.from, pause.to])).toEqual([
      [at(10), at(15)],
      [at(30), at(50)],
      [at(90), at(100)],
    ]);
  });
  it('keeps a stop still open as an open pause of a running run', () => {
    const pauses = pausesWithin({ line_id: 1, start: at(0), end: null }, [stop(20, null)]);
    expect(pauses).toEqual([{ from: at(20), to: null, cause: 'hydraulic' }]);
    expect(currentPause(pauses, at(25))).toEqual(pauses[0]);
    expect(currentPause(pauses, at(15))).toBeNull();
  });
  it('counts running time without the pauses, frozen while paused', () => {
    const closed = pausesWithin({ line_id: 1, start: at(0), end: null }, [stop(10, 25)]);
    expect(runningMs(at(0), null, closed, at(40))).toBe(25 * 60_000);
    const open = pausesWithin({ line_id: 1, start: at(0), end: null }, [stop(10, null)]);
    expect(runningMs(at(0), null, open, at(40))).toBe(10 * 60_000);
    expect(runningMs(at(0), null, open, at(90))).toBe(10 * 60_000);
    expect(pausedMs(open, at(40))).toBe(30 * 60_000);
    expect(pauseView(open, at(0), null, at(40))).toEqual({
      paused: true,
      paused_since: at(10).toISOString(),
      pause_cause: 'hydraulic',
      paused_ms: 30 * 60_000,
      running_ms: 10 * 60_000,
    });
    // A finished run is never shown paused.
    expect(pauseView(closed, at(0), at(40), at(90)).paused).toBe(false);
  });
  it('finds the wall time of an amount of running time, skipping the pauses', () => {
    const pauses = pausesWithin({ line_id: 1, start: at(0), end: null }, [stop(5, 12), stop(20, 30)]);
    expect(wallTimeAfter(at(0), pauses, 4 * 60_000)).toBe(at(4).getTime());
    expect(wallTimeAfter(at(0), pauses, 10 * 60_000)).toBe(at(17).getTime());
    expect(wallTimeAfter(at(0), pauses, 20 * 60_000)).toBe(at(37).getTime());
    const open = pausesWithin({ line_id: 1, start: at(0), end: null }, [stop(8, null)]);
    expect(wallTimeAfter(at(0), open, 10 * 60_000)).toBe(Infinity);
  });
});
