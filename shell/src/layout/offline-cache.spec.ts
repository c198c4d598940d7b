import { CACHE_MESSAGE, keepLoadedFilesForOffline } from './offline-cache';

/** A stand-in for navigator.serviceWorker: a controller (or none) and its `controllerchange` event. */
class FakeContainer extends EventTarget {
  controller: { postMessage: jest.Mock } | null = null;
}

const origin = window.location.origin;
let container: FakeContainer;

beforeEach(() => {
  container = new FakeContainer();
  Object.defineProperty(window.navigator, 'serviceWorker', { configurable: true, get: () => container });
  // jsdom keeps no resource timing: the page's loads as the browser lists them.
  const entries = [`${origin}/main.1d24edda.js`, `${origin}/mfe/auth/mf-manifest.json`, `${origin}/main.1d24edda.js`, 'https://elsewhere.example/font.woff2'];
  Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: () => entries.map((name) => ({ name })) });
  jest.useFakeTimers({ doNotFake: ['performance'] });
});
afterEach(() => {
  delete (window.navigator as { serviceWorker?: unknown }).serviceWorker;
  delete (performance as { getEntriesByType?: unknown }).getEntriesByType;
  jest.useRealTimers();
});

describe('files a page loaded before its service worker controlled it', () => {
  const expected = { type: CACHE_MESSAGE, urls: [`${origin}/main.1d24edda.js`, `${origin}/mfe/auth/mf-manifest.json`] };

  it('are sent to the worker once it takes control, and again a little later (this origin only, once each)', () => {
    const stop = keepLoadedFilesForOffline(1_000);
    const postMessage = jest.fn();
    container.controller = { postMessage };
    container.dispatchEvent(new Event('controllerchange'));
    expect(postMessage).toHaveBeenCalledWith(expected);
    jest.advanceTimersByTime(1_000);
    expect(postMessage).toHaveBeenCalledTimes(2);

    stop();
    container.dispatchEvent(new Event('controllerchange'));
    jest.advanceTimersByTime(5_000);
    expect(postMessage).toHaveBeenCalledTimes(2);
  });

  it('are sent at once to a worker that controls the page already', () => {
    const postMessage = jest.fn();
    container.controller = { postMessage };
    keepLoadedFilesForOffline()();
    expect(postMessage).toHaveBeenCalledWith(expected);
  });

  it('are not looked at without service workers', () => {
    delete (window.navigator as { serviceWorker?: unknown }).serviceWorker;
    expect(() => keepLoadedFilesForOffline()()).not.toThrow();
  });
});
