import type { CoreBundles } from '../index';
import { auth } from './auth';
import { common } from './common';
import { pages } from './pages';
import { shell } from './shell';

/** The core bundles of this language: a chunk of its own, fetched when the language is chosen (see ../index.ts). */
export const ar: CoreBundles = { common, shell, auth, pages };
