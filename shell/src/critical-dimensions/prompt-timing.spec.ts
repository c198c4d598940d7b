import { clockStart, closed, initialPromptState, markAt, saved, tick, type PromptState } from './prompt-timing';

const START = Date.UTC(2026, 10, 21, 6, 0, 0);
const at = (minutes: number, seconds = 0) => START + minutes * 60_000 + seconds * 1000;

/** Runs the once-a-second check from `from` to `to` (inclusive), as the shell's interval does. */
function run(state: PromptState, from: number, to: number, startedAt: number | null = START): PromptState[] {
  const states: PromptState[] = [];
  for (let now = from; now <= to; now += 1000) {
    state = tick(state, startedAt, now);
    states.push(state);
  }
  return states;
}

describe('critical-dimensions prompt timing (spec 4)', () => {
  it('finds the marks every 10 minutes of extrusion, not at the start', () => {
    expect(markAt(START, at(0))).toBeNull();
    expect(markAt(START, at(9, 59))).toBeNull();
    expect(markAt(START, at(10))).toBe(1);
    expect(markAt(START, at(10, 59))).toBe(1);
    expect(markAt(START, at(11))).toBeNull();
    expect(markAt(START, at(30, 5))).toBe(3);
  });

  it('opens at the mark, dataSaved false, and not before', () => {
    const before = run(initialPromptState, at(9, 50), at(9, 59));
    expect(before.every((state) => !state.dialogOpen)).toBe(true);
    expect(tick(before[before.length - 1], START, at(10))).toEqual({ dialogOpen: true, dataSaved: false, handledMark: 1 });
  });

  it('prompts once per mark: closed within the minute it stays closed, and opens again at the next mark', () => {
    let state = tick(initialPromptState, START, at(10));
    state = closed(state);
    const restOfMinute = run(state, at(10, 1), at(10, 59));
    expect(restOfMinute.some((s) => s.dialogOpen)).toBe(false);
    const nextMark = run(restOfMinute[restOfMinute.length - 1], at(19, 59), at(20));
    expect(nextMark[nextMark.length - 1]).toEqual({ dialogOpen: true, dataSaved: false, handledMark: 2 });
  });

  it('after a reload in the same minute, the mark kept by the caller prevents a second prompt', () => {
    const reloaded: PromptState = { ...initialPromptState, handledMark: 1 };
    expect(run(reloaded, at(10, 30), at(10, 59)).some((s) => s.dialogOpen)).toBe(false);
  });

  it('saving closes and marks saved; once the minute is over the saved state is reset (spec 4)', () => {
    let state = saved(tick(initialPromptState, START, at(10)));
    expect(state).toEqual({ dialogOpen: false, dataSaved: true, handledMark: 1 });
    // Open with data saved outside a mark: reset.
    state = tick({ ...state, dialogOpen: true }, START, at(11));
    expect(state).toEqual({ dialogOpen: false, dataSaved: false, handledMark: 1 });
  });

  it('an unanswered prompt stays open after its minute', () => {
    const open = tick(initialPromptState, START, at(10));
    expect(tick(open, START, at(12)).dialogOpen).toBe(true);
  });

  it('closes when no order die has an active timer any more', () => {
    const open = tick(initialPromptState, START, at(10));
    expect(tick(open, null, at(10, 5)).dialogOpen).toBe(false);
  });

  it('does not prompt late for marks that passed while the portal was closed', () => {
    // Opened at minute 25: the 10 and 20 marks are missed checks on the server, the next prompt is at 30.
    const states = run(initialPromptState, at(25), at(29, 59));
    expect(states.some((s) => s.dialogOpen)).toBe(false);
    expect(tick(states[states.length - 1], START, at(30))).toMatchObject({ dialogOpen: true, handledMark: 3 });
  });
});

describe('a run paused by a stopped press (issue 37)', () => {
  const orderDie = (paused: boolean, pausedMinutes: number) => ({
    start_extrusion_time: new Date(START).toISOString(),
    paused,
    paused_ms: pausedMinutes * 60_000,
  });

  it('asks nothing while the press is stopped, and closes a dialog left open', () => {
    expect(clockStart(orderDie(true, 4))).toBeNull();
    const open = tick(initialPromptState, START, at(10));
    expect(open.dialogOpen).toBe(true);
    expect(run(open, at(20), at(30), clockStart(orderDie(true, 15))).every((state) => !state.dialogOpen)).toBe(true);
  });

  it('counts the 10 minutes in running time once the press runs again', () => {
    // Stopped 25 minutes after 5 of running: the first mark comes at minute 35, not at 10, 20 or 30.
    const startedAt = clockStart(orderDie(false, 25));
    expect(startedAt).toBe(at(25));
    const states = run(initialPromptState, at(9), at(36), startedAt);
    const opened = states.findIndex((state) => state.dialogOpen);
    expect(at(9) + opened * 1000).toBe(at(35));
    expect(states[opened].handledMark).toBe(1);
  });
});
