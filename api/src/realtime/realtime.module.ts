import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { UsersModule } from '../users/users.module';
import { IndicatorsLive } from './indicators-live.service';
import { PresenceService } from './presence.service';
import { RealtimeAccess } from './realtime-access.service';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeService } from './realtime.service';

/** Live events: the socket gateway, presence, the access check of open sockets, the indicators' live changes, and the one service domain modules emit through. */
@Module({
  imports: [AuthModule, UsersModule],
  providers: [RealtimeService, PresenceService, RealtimeAccess, IndicatorsLive, RealtimeGateway],
  exports: [RealtimeService, PresenceService],
})
export class RealtimeModule {}
