import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { pageEndpoints, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { PagesService } from './pages.service';

/** The portal's pages with the active company's names; the catalogue itself comes from the code. */
@ApiTags('administration')
@Controller()
export class PagesController {
  constructor(private readonly pages: PagesService) {}

  @Endpoint(pageEndpoints.list)
  list(@Input() { query }: EndpointArgs<typeof pageEndpoints.list>) {
    return this.pages.list(query);
  }

  @Endpoint(pageEndpoints.get)
  get(@Input() { params }: EndpointArgs<typeof pageEndpoints.get>) {
    return this.pages.get(params.id);
  }

  @Endpoint(pageEndpoints.update)
  update(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof pageEndpoints.update>) {
    return this.pages.update(caller, params.id, body);
  }
}
