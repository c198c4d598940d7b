import { AluminumAlloyEntity } from './aluminum-alloy.entity';
import { DimensionRecordEntity } from './dimension-record.entity';
import { ExtrusionLineEntity } from './extrusion-line.entity';
import { FinishEntity } from './finish.entity';
import { MachineEntity } from './machine.entity';
import { OrderDieEntity } from './order-die.entity';
import { ProductionOrderEntity } from './production-order.entity';
import { ShiftEntity } from './shift.entity';

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
