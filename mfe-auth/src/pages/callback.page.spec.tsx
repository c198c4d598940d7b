import { act, screen } from '@testing-library/react';
import { onSnackbar, type SnackbarMessage } from '@planta/ui';
import { currentPath, renderPage } from '@planta/ui/testing';
import CallbackPage, { CALLBACK_GIVE_UP_MS } from './callback.page';

describe('CallbackPage', () => {
  let snackbars: SnackbarMessage[];
  let stop: () => void;

  beforeEach(() => {
    jest.useFakeTimers();
    snackbars = [];
    stop = onSnackbar((snackbar) => snackbars.push(snackbar));
  });
  afterEach(() => {
    stop();
    jest.useRealTimers();
  });

  it('shows the splash, then sends the user to /login saying no provider is configured', () => {
    renderPage(<CallbackPage />, { url: '/callback' });
    expect(screen.getByRole('status').textContent).toContain('Validando tu acceso...');
    expect(currentPath()).toBe('/callback');
    expect(snackbars).toEqual([]);

    act(() => {
      jest.advanceTimersByTime(CALLBACK_GIVE_UP_MS);
    });

    expect(currentPath()).toBe('/login');
    expect(snackbars).toHaveLength(1);
    expect(snackbars[0]).toMatchObject({ variant: 'warning', position: 'top' });
    expect(snackbars[0].message).toContain('no está configurado');
  });

  it('does not navigate or raise a snackbar once it has left the page', () => {
    const { unmount } = renderPage(<CallbackPage />, { url: '/callback' });
    unmount();
    act(() => {
      jest.advanceTimersByTime(CALLBACK_GIVE_UP_MS * 2);
    });
    expect(snackbars).toEqual([]);
  });
});
