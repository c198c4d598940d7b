import { profileResource } from './profile.resource';

export * from './profile.resource';

/** The die shop's declared resources, in the order of their screens. */
export const DIESHOP_RESOURCES = [profileResource] as const;
