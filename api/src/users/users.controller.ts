import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { userEndpoints, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { UserAdminService } from './user-admin.service';

/** The users of the active company (issue 11); the rules live in UserAdminService. */
@ApiTags('administration')
@Controller()
export class UsersController {
  constructor(private readonly users: UserAdminService) {}

  @Endpoint(userEndpoints.list)
  list(@Caller() caller: RequestIdentity, @Input() { query }: EndpointArgs<typeof userEndpoints.list>) {
    return this.users.list(caller, query);
  }

  // Before `users/:id`, which would take 'options' or 'invitations' for an id.
  @Endpoint(userEndpoints.invitations)
  invitations(@Caller() caller: RequestIdentity) {
    return this.users.invitations(caller);
  }

  @Endpoint(userEndpoints.renewInvitation)
  renewInvitation(@Caller() caller: RequestIdentity, @Input() { params }: EndpointArgs<typeof userEndpoints.renewInvitation>) {
    return this.users.renewInvitation(caller, params.id);
  }

  @Endpoint(userEndpoints.revokeInvitation)
  revokeInvitation(@Caller() caller: RequestIdentity, @Input() { params }: EndpointArgs<typeof userEndpoints.revokeInvitation>) {
    return this.users.revokeInvitation(caller, params.id);
  }

  @Endpoint(userEndpoints.options)
  options(@Caller() caller: RequestIdentity) {
    return this.users.options(caller);
  }

  @Endpoint(userEndpoints.get)
  get(@Caller() caller: RequestIdentity, @Input() { params }: EndpointArgs<typeof userEndpoints.get>) {
    return this.users.get(caller, params.id);
  }

  @Endpoint(userEndpoints.create)
  create(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof userEndpoints.create>) {
    return this.users.create(caller, body);
  }

  @Endpoint(userEndpoints.update)
  update(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof userEndpoints.update>) {
    return this.users.update(caller, params.id, body);
  }

  @Endpoint(userEndpoints.resetPassword)
  resetPassword(@Caller() caller: RequestIdentity, @Input() { params }: EndpointArgs<typeof userEndpoints.resetPassword>) {
    return this.users.resetPassword(caller, params.id);
  }

  @Endpoint(userEndpoints.remove)
  remove(@Caller() caller: RequestIdentity, @Input() { params }: EndpointArgs<typeof userEndpoints.remove>) {
    return this.users.remove(caller, params.id);
  }
}
