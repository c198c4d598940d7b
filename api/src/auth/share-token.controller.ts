import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { shareTokenEndpoints, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { ShareTokenService } from './share-token.service';

/** Share links: the permission needed depends on the resource shared and on who made the link, so the service checks it. */
@ApiTags('auth')
@Controller()
export class ShareTokenController {
  constructor(private readonly shareTokens: ShareTokenService) {}

  @Endpoint(shareTokenEndpoints.create)
  create(@Input() { body }: EndpointArgs<typeof shareTokenEndpoints.create>, @Caller() caller: RequestIdentity) {
    return this.shareTokens.create(caller, body);
  }

  @Endpoint(shareTokenEndpoints.list)
  list(@Input() { query }: EndpointArgs<typeof shareTokenEndpoints.list>, @Caller() caller: RequestIdentity) {
    return this.shareTokens.list(caller, query);
  }

  @Endpoint(shareTokenEndpoints.revoke)
  revoke(@Input() { params }: EndpointArgs<typeof shareTokenEndpoints.revoke>, @Caller() caller: RequestIdentity) {
    return this.shareTokens.revoke(caller, params.id);
  }
}
