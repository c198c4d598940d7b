import { onSnackbar, showSnackbar, SNACKBAR_DEFAULT_MS } from './snackbar';

describe('snackbars', () => {
  it('reach every listener with the defaults filled in, until unsubscribed', () => {
    const received: unknown[] = [];
    const stop = onSnackbar((snackbar) => received.push(snackbar));
    showSnackbar({ message: 'Información Guardada', variant: 'success', position: 'top-end', autoHideMs: 2000 });
    showSnackbar({ message: 'Hola' });
    stop();
    showSnackbar({ message: 'nadie escucha' });
    expect(received).toEqual([
      { message: 'Información Guardada', variant: 'success', position: 'top-end', autoHideMs: 2000 },
      { message: 'Hola', variant: 'info', position: 'bottom', autoHideMs: SNACKBAR_DEFAULT_MS },
    ]);
  });
});
