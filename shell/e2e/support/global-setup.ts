import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sqlAsSuperuser, startApi, type RunningApi } from './api-server';
import { startAxeRecord } from './axe-pages';

declare global {
  // Shared with global-teardown (same process).
  var plantaE2eApi: RunningApi | undefined;
}

/** One API (with its embedded PostgreSQL and the demo seed) for the whole run, on free ports. */
export default async function globalSetup(): Promise<void> {
  const api = await startApi();
  globalThis.plantaE2eApi = api;
  // The demo seed starts runs for the plant operators minutes before "now", so each of them would
  // get the critical-dimensions dialog at a 10-minute mark in the middle of some unrelated test (a
  // modal hides the page from the locators). The runs stay, but nobody is their operator; the
  // prompt is tested on a run its spec starts itself.
  await sqlAsSuperuser(api, 'update order_die set started_by = null where end_extrusion_time is null');
  // An API that dies mid-run fails every later test with ERR_CONNECTION_REFUSED: say why.
  api.child.once('exit', (code, signal) => {
    if (globalThis.plantaE2eApi === api) console.error(`The e2e API exited early (code ${code}, signal ${signal}):\n${api.output().slice(-4000)}`);
  });
  process.env.PLANTA_E2E_BASE_URL = api.baseUrl;
  process.env.PLANTA_E2E_PG_PORT = String(api.pgPort);
  process.env.PLANTA_E2E_DATA_DIR = api.dataDir;
  // The run's record of the pages axe has checked (support/axe-pages.ts), shared by every spec file.
  process.env.PLANTA_E2E_AXE_DIR = startAxeRecord(mkdtempSync(join(tmpdir(), 'planta-e2e-')));
}
