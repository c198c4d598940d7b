import { act, screen } from '@testing-library/react';
import { retryingCallsAtom, sessionStore } from '@planta/session';
import { renderShell, resetSession } from '../testing/render-shell';
import { RECONNECTING_SHOWN_AFTER_MS, ReconnectingStatus } from './reconnecting-status';

// The harness shows the location in an <output> (also a status): this one is the <div>.
const status = () => screen.getAllByRole('status').find((element) => element.tagName === 'DIV')!;

beforeEach(() => {
  resetSession();
  sessionStore.set(retryingCallsAtom, 0);
  jest.useFakeTimers();
});
afterEach(() => {
  sessionStore.set(retryingCallsAtom, 0);
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
