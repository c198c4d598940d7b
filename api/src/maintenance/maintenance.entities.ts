import { PmPlanEntity } from './pm-plan.entity';

/** The TypeORM entities of the maintenance area (tables: migration 1764600000000). */
export const maintenanceEntities: (new () => unknown)[] = [PmPlanEntity];
