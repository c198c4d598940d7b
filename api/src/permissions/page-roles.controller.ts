import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { permissionEndpoints, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { PageRolesService } from './page-roles.service';

/** The caller's grants (which the browser obeys) and the page-role permissions of the company. */
@ApiTags('permissions')
@Controller()
export class PageRolesController {
  constructor(private readonly pageRoles: PageRolesService) {}

  @Endpoint(permissionEndpoints.myGrants)
  myGrants(@Caller() caller: RequestIdentity) {
    return this.pageRoles.myGrants(caller);
  }

  @Endpoint(permissionEndpoints.pageRoles)
  list(@Input() { query }: EndpointArgs<typeof permissionEndpoints.pageRoles>) {
    return this.pageRoles.list(query);
  }

  // Before `page-role/:id`, which would take 'matrix' for an id.
  @Endpoint(permissionEndpoints.pageRoleMatrix)
  matrix() {
    return this.pageRoles.matrix();
  }

  @Endpoint(permissionEndpoints.pageRole)
  one(@Input() { params }: EndpointArgs<typeof permissionEndpoints.pageRole>) {
    return this.pageRoles.one(params.id);
  }

  @Endpoint(permissionEndpoints.updatePageRole)
  update(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof permissionEndpoints.updatePageRole>) {
    return this.pageRoles.update(caller, params.id, body);
  }
}
