import { chmodSync, mkdtempSync } from 'node:fs';
import { startEmbeddedDatabase, type DatabaseHandle } from '../../src/database/embedded-database';
import { freePort } from './ports';

declare global {
  // Shared with global-teardown (same process).
  var plantaTestDatabase: { handle: DatabaseHandle; dir: string } | undefined;
}

/** One embedded PostgreSQL for the whole run, in a fresh folder; each spec file makes its own database in it. */
export default async function globalSetup(): Promise<void> {
  // /var/tmp, not the checkout: the server runs as `postgres` when the tests run as root.
  const dir = mkdtempSync('/var/tmp/planta-test-');
  chmodSync(dir, 0o755);
  const handle = await startEmbeddedDatabase(dir, await freePort());
  process.env.PLANTA_TEST_DATABASE_URL = handle.url;
  process.env.PLANTA_TEST_ADMIN_URL = handle.adminUrl;
  globalThis.plantaTestDatabase = { handle, dir };
}
