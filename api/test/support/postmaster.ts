import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The embedded cluster's lock file under an API data folder: it names the running server. */
export const postmasterPidFile = (dataDir: string) => join(dataDir, 'pg', 'postmaster.pid');

/** The process id of the PostgreSQL server that holds the data folder. */
export const postmasterPid = (dataDir: string) => Number(readFileSync(postmasterPidFile(dataDir), 'utf8').split('\n')[0]);

/** Whether a process is still running (signal 0 only checks). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
