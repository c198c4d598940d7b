import { Module } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module';
import { UsersModule } from '../users/users.module';
import { ChatController } from './chat.controller';
import { ChatService } from './chat.service';

@Module({ imports: [RealtimeModule, UsersModule], controllers: [ChatController], providers: [ChatService] })
export class ChatModule {}
