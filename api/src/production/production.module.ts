import { Module } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module';
import { AluminumAlloyController, ExtrusionLineController, FinishController, MachineController, ShiftController } from './catalog.controller';
import { CatalogService } from './catalog.service';
import { ExtrusionService } from './extrusion.service';
import { ExtrusionController, OrdersController, PlanningBoardController } from './orders.controller';
import { OrdersService } from './orders.service';
import { PlanningBoardService } from './planning-board.service';

/** Production: lines, machines, shifts, finishes, alloys, orders, extrusion runs and the planning board. */
@Module({
  imports: [RealtimeModule],
  controllers: [
    ExtrusionLineController,
    MachineController,
    ShiftController,
    FinishController,
    AluminumAlloyController,
    OrdersController,
    ExtrusionController,
    PlanningBoardController,
  ],
  providers: [CatalogService, OrdersService, ExtrusionService, PlanningBoardService],
})
export class ProductionModule {}
