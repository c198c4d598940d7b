import { act, renderHook, waitFor } from '@testing-library/react';
import { liveEvents } from '@planta/contracts';
import { useLiveFigures } from './use-live-figures';

const handlers = new Map<string, (payload: unknown) => void>();
const catchUps: (() => void)[] = [];
jest.mock('@planta/session', () => ({
  ...jest.requireActual('@planta/session'),
  subscribe: (event: string, handler: (payload: unknown) => void) => {
    handlers.set(event, handler);
    return () => handlers.delete(event);
  },
  onCatchUp: (listener: () => void) => {
    catchUps.push(listener);
    return () => catchUps.splice(catchUps.indexOf(listener), 1);
  },
}));

beforeEach(() => {
  handlers.clear();
  catchUps.length = 0;
});

describe('live figures', () => {
  it("load again when their area's indicators change or the socket reconnects, not for another area", async () => {
    let answer = 0;
    const load = jest.fn(async () => (answer += 1));
    const { result } = renderHook(() => useLiveFigures(load, ['production'], 'today'));
    await waitFor(() => expect(result.current.data).toBe(1));

    act(() => handlers.get(liveEvents.indicatorsChanged)!({ area: 'maintenance' }));
    expect(load).toHaveBeenCalledTimes(1);
    act(() => handlers.get(liveEvents.indicatorsChanged)!({ area: 'production' }));
    await waitFor(() => expect(result.current.data).toBe(2));
    act(() => catchUps.forEach((listener) => listener()));
    await waitFor(() => expect(result.current.data).toBe(3));
  });

  it('never let an older answer overwrite a newer one, and keep the figures when a reload fails', async () => {
    const pending: ((value: string) => void)[] = [];
    let fail = false;
    const load = jest.fn((signal: AbortSignal) =>
      fail
        ? Promise.reject(new Error('sin red'))
        : new Promise<string>((resolve) => pending.push(resolve) && signal.addEventListener('abort', () => undefined)),
    );
    const { result } = renderHook(() => useLiveFigures(load, ['dieshop'], 'week'));
    act(() => handlers.get(liveEvents.indicatorsChanged)!({ area: 'dieshop' }));
    await act(async () => {
      pending[1]('nuevas');
      pending[0]('viejas');
    });
    expect(result.current.data).toBe('nuevas');

    fail = true;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.error).toBe('sin red'));
    expect(result.current.data).toBe('nuevas');
  });
});
