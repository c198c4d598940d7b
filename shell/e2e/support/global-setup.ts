import { startApi, type RunningApi } from './api-server';

declare global {
  // Shared with global-teardown (same process).
  var plantaE2eApi: RunningApi | undefined;
}

/** One API (with its embedded PostgreSQL and the demo seed) for the whole run, on free ports. */
export default async function globalSetup(): Promise<void> {
  const api = await startApi();
  globalThis.plantaE2eApi = api;
  // An API that dies mid-run fails every later test with ERR_CONNECTION_REFUSED: say why.
  api.child.once('exit', (code, signal) => {
    if (globalThis.plantaE2eApi === api) console.error(`The e2e API exited early (code ${code}, signal ${signal}):\n${api.output().slice(-4000)}`);
  });
  process.env.PLANTA_E2E_BASE_URL = api.baseUrl;
}
