import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { FailureReportController } from './failure-report.controller';
import { FailureReportService } from './failure-report.service';
import { MachineStopController } from './machine-stop.controller';
import { MachineStopService } from './machine-stop.service';

/**
 * Maintenance (issue 12, domain.md A1): failure and damage reports, stops, work orders on the
 * board, corrective and preventive maintenance, meters, the machine summary and the dashboard.
 */
@Module({
  imports: [RealtimeModule, NotificationsModule, FilesModule],
  controllers: [FailureReportController, MachineStopController],
  providers: [FailureReportService, MachineStopService],
  exports: [],
})
export class MaintenanceModule {}
