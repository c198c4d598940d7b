import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { stopApi } from './api-server';
import { axeRecordSummary } from './axe-pages';

export default async function globalTeardown(): Promise<void> {
  const api = globalThis.plantaE2eApi;
  globalThis.plantaE2eApi = undefined;
  if (api) await stopApi(api);
  const axeDir = process.env.PLANTA_E2E_AXE_DIR;
  if (axeDir) {
    // What the axe check covered and what it cost (PLANTA_E2E_AXE_LIST=1 lists every page).
    console.log(`\n${axeRecordSummary(axeDir)}`);
    rmSync(dirname(axeDir), { recursive: true, force: true });
  }
}
