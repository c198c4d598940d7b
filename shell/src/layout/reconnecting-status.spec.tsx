import { act, screen } from '@testing-library/react';
import { retryingCallsAtom, sessionStore } from '@planta/session';
import { renderShell, resetSession } from '../testing/render-shell';
import { workerSeesNetwork } from './offline-cache';
import { OFFLINE_RECHECK_MS, RECONNECTING_SHOWN_AFTER_MS, ReconnectingStatus } from './reconnecting-status';

// The service worker's word on the network (none in jsdom: no answer, which counts as online).
jest.mock('./offline-cache', () => ({ ...jest.requireActual('./offline-cache'), workerSeesNetwork: jest.fn() }));
const workerAnswer = jest.mocked(workerSeesNetwork);

// The harness shows the location in an <output> (also a status): this one is the <div>.
const status = () => screen.getAllByRole('status').find((element) => element.tagName === 'DIV')!;

let browserOnline = true;

/** What the browser says: navigator.onLine, and its `online` / `offline` event. */
function goOnline(online: boolean): void {
  browserOnline = online;
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

beforeEach(() => {
  resetSession();
  sessionStore.set(retryingCallsAtom, 0);
  browserOnline = true;
  jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => browserOnline);
  workerAnswer.mockReset().mockResolvedValue(undefined);
  jest.useFakeTimers();
});
afterEach(() => {
  sessionStore.set(retryingCallsAtom, 0);
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe("'Reconectando…' (an API restart)", () => {
  it('appears as a status shortly after calls start waiting, and goes as soon as they are answered', () => {
    renderShell(<ReconnectingStatus />);
    expect(status().textContent).toBe('');

    act(() => sessionStore.set(retryingCallsAtom, 1));
    act(() => jest.advanceTimersByTime(RECONNECTING_SHOWN_AFTER_MS - 1));
    expect(status().textContent).toBe('');
    act(() => jest.advanceTimersByTime(1));
    expect(status().textContent).toBe('Reconectando…');

    act(() => sessionStore.set(retryingCallsAtom, 0));
    expect(status().textContent).toBe('');
  });

  it('says nothing for a connection back within the moment (a company switch)', () => {
    renderShell(<ReconnectingStatus />);
    act(() => sessionStore.set(retryingCallsAtom, 1));
    act(() => jest.advanceTimersByTime(RECONNECTING_SHOWN_AFTER_MS / 2));
    act(() => sessionStore.set(retryingCallsAtom, 0));
    act(() => jest.advanceTimersByTime(RECONNECTING_SHOWN_AFTER_MS * 2));
    expect(status().textContent).toBe('');
  });
});

describe("'Sin conexión' (the browser without a network)", () => {
  it('appears at once when the browser goes offline, as a polite status that blocks nothing, and goes on `online`', () => {
    renderShell(<ReconnectingStatus />);
    expect(status().textContent).toBe('');

    goOnline(false);
    expect(status().textContent).toBe('Sin conexión');
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(getComputedStyle(status()).pointerEvents).toBe('none');

    goOnline(true);
    expect(status().textContent).toBe('');
  });

  it('is shown from the start when the portal opens without a network (from the cache)', () => {
    browserOnline = false;
    renderShell(<ReconnectingStatus />);
    expect(status().textContent).toBe('Sin conexión');
  });

  it("says 'Sin conexión' rather than 'Reconectando…' while calls wait for a network that is gone", () => {
    renderShell(<ReconnectingStatus />);
    goOnline(false);
    act(() => sessionStore.set(retryingCallsAtom, 1));
    act(() => jest.advanceTimersByTime(RECONNECTING_SHOWN_AFTER_MS * 2));
    expect(status().textContent).toBe('Sin conexión');

    // The network is back and the calls still wait for the API: that is a reconnection.
    goOnline(true);
    expect(status().textContent).toBe('Reconectando…');
    act(() => sessionStore.set(retryingCallsAtom, 0));
    expect(status().textContent).toBe('');
  });

  it('asks the browser again when calls start failing before its `offline` event came', () => {
    renderShell(<ReconnectingStatus />);
    browserOnline = false;
    act(() => sessionStore.set(retryingCallsAtom, 1));
    expect(status().textContent).toBe('Sin conexión');
  });

  it('believes the service worker when the page opened from its cache was not told the browser is offline, and asks again until it sees a network', async () => {
    workerAnswer.mockResolvedValue(false);
    renderShell(<ReconnectingStatus />);
    await act(async () => undefined);
    expect(status().textContent).toBe('Sin conexión');

    workerAnswer.mockResolvedValue(true);
    await act(async () => jest.advanceTimersByTime(OFFLINE_RECHECK_MS));
    expect(status().textContent).toBe('');
    // Seen online: not asked again until something changes.
    const asked = workerAnswer.mock.calls.length;
    await act(async () => jest.advanceTimersByTime(OFFLINE_RECHECK_MS * 3));
    expect(workerAnswer).toHaveBeenCalledTimes(asked);
  });
});
