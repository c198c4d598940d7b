import { Injectable } from '@nestjs/common';
import { machineResource } from '@planta/contracts';
import { NotificationsService } from '../notifications/notifications.service';
import { DatabaseConstraints } from '../resources/database-constraints.service';
import { ResourceService, type WriteContext } from '../resources/resource.service';
import { TenantDb } from '../tenancy/tenant-db.service';
import { askOperatorsToResume } from './run-pauses';

/**
 * The machine register. Setting a stopped press back up ends its stop (the database's status
 * trigger): the operator of the run it paused is asked to carry on or end it, in the same
 * transaction (issue 37).
 */
@Injectable()
export class MachineService extends ResourceService<typeof machineResource> {
  constructor(
    tenantDb: TenantDb,
    constraints: DatabaseConstraints,
    private readonly notifications: NotificationsService,
  ) {
    super(machineResource, tenantDb, constraints);
  }

  protected afterWrite({ scope }: WriteContext<typeof machineResource>): Promise<() => void> {
    return askOperatorsToResume(scope, this.notifications);
  }
}
