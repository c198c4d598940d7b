import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { notificationEndpoints, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { NotificationsService } from './notifications.service';

/** Spec 7 notification calls: every user reads and marks only their own. */
@ApiTags('notifications')
@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Endpoint(notificationEndpoints.all)
  all(@Caller() caller: RequestIdentity, @Input() { query }: EndpointArgs<typeof notificationEndpoints.all>) {
    return this.notifications.unread(caller, query.userId);
  }

  @Endpoint(notificationEndpoints.markRead)
  markRead(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof notificationEndpoints.markRead>) {
    return this.notifications.markRead(caller, body);
  }
}
