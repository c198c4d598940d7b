import { aluminumAlloyResource, extrusionLineResource, finishResource, machineResource, shiftResource } from '@planta/contracts';
import { entityOf, type ResourceRow } from '../resources/resource.entity';
import { DimensionRecordEntity } from './dimension-record.entity';
import { OrderDieEntity } from './order-die.entity';
import { ProductionOrderEntity } from './production-order.entity';

/** The catalogue's tables, mapped from their resource declarations. */
export const ExtrusionLineEntity = entityOf(extrusionLineResource);
export type ExtrusionLineEntity = ResourceRow<typeof extrusionLineResource>;
export const ShiftEntity = entityOf(shiftResource);
export type ShiftEntity = ResourceRow<typeof shiftResource>;
export const AluminumAlloyEntity = entityOf(aluminumAlloyResource);
export type AluminumAlloyEntity = ResourceRow<typeof aluminumAlloyResource>;
export const FinishEntity = entityOf(finishResource);
export const MachineEntity = entityOf(machineResource);

/** The production module's tables, registered with the data source (database/database.ts). */
export const productionEntities = [
  ExtrusionLineEntity,
  MachineEntity,
  ShiftEntity,
  FinishEntity,
  AluminumAlloyEntity,
  ProductionOrderEntity,
  OrderDieEntity,
  DimensionRecordEntity,
];
