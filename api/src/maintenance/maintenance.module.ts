import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { RealtimeModule } from '../realtime/realtime.module';

/**
 * Maintenance (issue 12, domain.md A1): failure and damage reports, stops, work orders on the
 * board, corrective and preventive maintenance, meters, the machine summary and the dashboard.
 */
@Module({
  imports: [RealtimeModule, NotificationsModule],
  controllers: [],
  providers: [],
  exports: [],
})
export class MaintenanceModule {}
