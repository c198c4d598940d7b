import { auth } from './auth';
import { common } from './common';
import { pages } from './pages';
import { shell } from './shell';

/** The Spanish core bundles: the default and fallback language, the only one in the first bundle. */
export const es = { common, shell, auth, pages };
