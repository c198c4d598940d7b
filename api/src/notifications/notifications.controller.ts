import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { markNotificationReadRequestSchema, notificationAllQuerySchema, type Notification } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { SignedIn } from '../permissions/route-access.decorators';
import type { RequestIdentity } from '../tenancy/request-context';
import { NotificationsService } from './notifications.service';

class NotificationAllQuery extends createZodDto(notificationAllQuerySchema) {}
class MarkNotificationReadRequest extends createZodDto(markNotificationReadRequestSchema) {}

/** Spec 7 notification calls: every user reads and marks only their own. */
@ApiTags('notifications')
@SignedIn()
@Controller('notification')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get('all')
  all(@Caller() caller: RequestIdentity, @Query() query: NotificationAllQuery): Promise<Notification[]> {
    return this.notifications.unread(caller, query.userId);
  }

  @Post('mark-read')
  @HttpCode(200)
  markRead(@Caller() caller: RequestIdentity, @Body() body: MarkNotificationReadRequest): Promise<Notification> {
    return this.notifications.markRead(caller, body);
  }
}
