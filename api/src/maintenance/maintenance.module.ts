import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { Clock } from '../common/clock';
import { FilesModule } from '../files/files.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { FailureReportController } from './failure-report.controller';
import { FailureReportService } from './failure-report.service';
import { MachineStopController } from './machine-stop.controller';
import { MachineStopService } from './machine-stop.service';
import { MachineSummaryController, MeterController } from './machine-summary.controller';
import { MachineSummaryService } from './machine-summary.service';
import { MaintenanceBoardService } from './maintenance-board.service';
import { MeterService } from './meter.service';
import { PreventivePlansController } from './preventive-plans.controller';
import { PreventivePlansService } from './preventive-plans.service';
import { PreventiveScheduler } from './preventive-scheduler.service';
import { MaintenanceBoardController, WorkOrderController } from './work-order.controller';
import { WorkOrderService } from './work-order.service';

/**
 * Maintenance (issue 12, domain.md A1): failure and damage reports, stops, work orders on the
 * board, corrective and preventive maintenance, meters, the machine summary and the dashboard.
 * Exports the preventive scheduler for production (a finished run checks the counter plans).
 */
// One controller / provider per line, so that the area's pieces merge side by side.
// prettier-ignore
@Module({
  imports: [
    RealtimeModule,
    NotificationsModule,
    FilesModule,
    AuditModule,
  ],
  controllers: [
    FailureReportController,
    MachineStopController,
    WorkOrderController,
    MaintenanceBoardController,
    PreventivePlansController,
    MachineSummaryController,
    MeterController,
  ],
  providers: [
    Clock,
    FailureReportService,
    MachineStopService,
    WorkOrderService,
    MaintenanceBoardService,
    PreventivePlansService,
    PreventiveScheduler,
    MachineSummaryService,
    MeterService,
  ],
  exports: [
    Clock,
    WorkOrderService,
    PreventivePlansService,
    PreventiveScheduler,
  ],
})
export class MaintenanceModule {}
