import { resolve } from 'node:path';

/** The repository root: `api/dist/config` or `api/src/config` is three levels below it. */
export const workspaceRoot = resolve(__dirname, '..', '..', '..');
