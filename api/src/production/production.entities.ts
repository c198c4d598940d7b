import { aluminumAlloyResource, extrusionLineResource, finishResource, shiftResource } from '@planta/contracts';
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

/** The production module's tables that are not resources (those are registered from their declarations). */
export const productionEntities = [ProductionOrderEntity, OrderDieEntity, DimensionRecordEntity];
