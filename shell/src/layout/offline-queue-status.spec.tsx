import { act, screen } from '@testing-library/react';
import { accessTokenAtom, sessionStore } from '@planta/session';
import { offlineQueue, offlineQueueAtom, type QueuedRequest } from '@planta/session/offline-queue';
import { onSnackbar } from '@planta/ui';
import { renderShell, resetSession } from '../testing/render-shell';
import { OfflineQueueStatus } from './offline-queue-status';

// The harness shows the location in an <output> (also a status): this one is the <div>.
const status = () => screen.getByTestId('offline-queue-status');

const entry = (key: string, lastError?: string): QueuedRequest => ({
  key,
  method: 'POST',
  path: 'orders/saveDieCriticalDimension',
  body: { type: 'json', value: [] },
  kind: 'criticalDimensions',
  owner: { userId: '1', companyId: 1 },
  queuedAt: Date.now(),
  attempts: lastError ? 1 : 0,
  ...(lastError ? { lastError } : {}),
});

/** An unsigned token of user 1 in company 1 (the queue reads whose the entries are from it). */
const token = () => {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part({ sub: '1', company_id: 1, exp: Math.floor(Date.now() / 1000) + 3600 })}.x`;
};

let online = true;
beforeEach(() => {
  resetSession();
  online = true;
  jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  sessionStore.set(offlineQueueAtom, []);
});
afterEach(() => {
  jest.restoreAllMocks();
  sessionStore.set(accessTokenAtom, null, false);
  sessionStore.set(offlineQueueAtom, []);
});

describe('the offline queue status', () => {
  it('is an empty polite status while nothing waits, and says how many saves wait to be sent', () => {
    renderShell(<OfflineQueueStatus />);
    expect(status().getAttribute('role')).toBe('status');
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(status().textContent).toBe('');
    act(() => sessionStore.set(offlineQueueAtom, [entry('a'), entry('b', 'No se pudo conectar con el servidor')]));
    expect(status().textContent).toBe('Pendientes de envío: 2');
    expect(status().querySelector('[title]')?.getAttribute('title')).toBe(
      'Guardados sin conexión que se enviarán al volver la red: 2. Último intento: No se pudo conectar con el servidor',
    );
    act(() => sessionStore.set(offlineQueueAtom, []));
    expect(status().textContent).toBe('');
  });

  it('tells the user, in the status itself (no snackbar: offline, the toaster may not have been loaded), that a save made without network is kept, and counts it', async () => {
    const messages: string[] = [];
    const stop = onSnackbar((snackbar) => messages.push(snackbar.message));
    sessionStore.set(accessTokenAtom, token(), false);
    renderShell(<OfflineQueueStatus />);
    online = false;
    await act(async () => {
      const outcome = await offlineQueue.send({ method: 'POST', path: 'orders/saveDieCriticalDimension', body: [], kind: 'criticalDimensions' });
      expect(outcome.status).toBe('queued');
    });
    expect(status().textContent).toContain('Guardado sin conexión: se enviará al volver la red');
    expect(screen.getByTestId('offline-queue-count').textContent).toBe('Pendientes de envío: 1');
    expect(messages).toEqual([]);
    stop();
  });
});
