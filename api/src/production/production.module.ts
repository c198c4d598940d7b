import { Module } from '@nestjs/common';
import { PRODUCTION_RESOURCES } from '@planta/contracts';
import { DieshopModule } from '../dieshop/dieshop.module';
import { MaintenanceModule } from '../maintenance/maintenance.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { resourceWiring } from '../resources/resource.controller';
import { ExtrusionLineController } from './catalog.controller';
import { ExtrusionLineService, ShiftService } from './catalog.service';
import { LateCheckService } from './late-check.service';
import { MachineService } from './machine.service';
import { ExtrusionService } from './extrusion.service';
import { ExtrusionController, OrdersController, PlanningBoardController } from './orders.controller';
import { OrdersService } from './orders.service';
import { PlanningBoardService } from './planning-board.service';

const catalogue = resourceWiring(PRODUCTION_RESOURCES, {
  controllers: { extrusionLine: ExtrusionLineController },
  services: { extrusionLine: ExtrusionLineService, shift: ShiftService, machine: MachineService },
});

/** Production: the catalogue (lines, machines, shifts, finishes, alloys), orders, extrusion runs and the planning board. */
@Module({
  imports: [RealtimeModule, NotificationsModule, MaintenanceModule, DieshopModule],
  controllers: [...catalogue.controllers, OrdersController, ExtrusionController, PlanningBoardController],
  providers: [...catalogue.providers, OrdersService, ExtrusionService, LateCheckService, PlanningBoardService],
})
export class ProductionModule {}
