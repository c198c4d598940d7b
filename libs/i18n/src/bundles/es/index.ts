import { auth } from './auth';
import { common } from './common';
import { shell } from './shell';

/**
 * The Spanish core bundles of the first bundle: the default and fallback language, as much of it
 * as the start-up and the sign-in pages use (the rest: signed-in.ts).
 */
export const es = { common, shell, auth };
