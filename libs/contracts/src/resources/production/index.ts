import { aluminumAlloyResource } from './aluminum-alloy.resource';
import { extrusionLineResource } from './extrusion-line.resource';
import { finishResource } from './finish.resource';
import { machineResource } from './machine.resource';
import { shiftResource } from './shift.resource';

export * from './aluminum-alloy.resource';
export * from './extrusion-line.resource';
export * from './finish.resource';
export * from './machine.resource';
export * from './shift.resource';

/** The production catalogue, in the order of its screens. */
export const PRODUCTION_RESOURCES = [extrusionLineResource, machineResource, shiftResource, finishResource, aluminumAlloyResource] as const;
