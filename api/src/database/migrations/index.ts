import { InitialSchema1763700000000 } from './1763700000000-initial-schema';

/** Every migration, in order. New ones are appended here. */
export const migrations = [InitialSchema1763700000000];
