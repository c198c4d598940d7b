import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const database = globalThis.plantaTestDatabase;
  if (!database) return;
  await database.handle.stop();
  rmSync(database.dir, { recursive: true, force: true });
}
