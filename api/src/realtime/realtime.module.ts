import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PresenceService } from './presence.service';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimePool } from './realtime-pool';
import { RealtimeService } from './realtime.service';

/** Live events: the socket gateway, presence, and the one service domain modules emit through. */
@Module({
  imports: [AuthModule],
  providers: [RealtimePool, RealtimeService, PresenceService, RealtimeGateway],
  exports: [RealtimeService, PresenceService],
})
export class RealtimeModule {}
