import { correctionDefectResource, correctionOperationResource } from './correction-catalogue.resource';
import { profileResource } from './profile.resource';

export * from './profile.resource';
export * from './correction-catalogue.resource';

/** The die shop's declared resources, in the order of their screens. */
export const DIESHOP_RESOURCES = [profileResource, correctionDefectResource, correctionOperationResource] as const;
