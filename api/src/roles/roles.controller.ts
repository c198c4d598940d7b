import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { roleEndpoints, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { RolesService } from './roles.service';

/** The roles of the active company: the built-in ones (read only) and its own. */
@ApiTags('administration')
@Controller()
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  @Endpoint(roleEndpoints.list)
  list(@Input() { query }: EndpointArgs<typeof roleEndpoints.list>) {
    return this.roles.list(query);
  }

  @Endpoint(roleEndpoints.get)
  get(@Input() { params }: EndpointArgs<typeof roleEndpoints.get>) {
    return this.roles.get(params.id);
  }

  @Endpoint(roleEndpoints.create)
  create(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof roleEndpoints.create>) {
    return this.roles.create(caller, body);
  }

  @Endpoint(roleEndpoints.update)
  update(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof roleEndpoints.update>) {
    return this.roles.update(caller, params.id, body);
  }

  @Endpoint(roleEndpoints.remove)
  remove(@Caller() caller: RequestIdentity, @Input() { params }: EndpointArgs<typeof roleEndpoints.remove>) {
    return this.roles.remove(caller, params.id);
  }
}
