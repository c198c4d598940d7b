import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { toolEndpoints as endpoints, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { ToolService } from './tool.service';

/** The press tooling (herramental); `tool/all` comes before `tool/:id`. */
@ApiTags('dieshop')
@Controller()
export class ToolController {
  constructor(private readonly tools: ToolService) {}

  @Endpoint(endpoints.all)
  all(@Input() { query }: EndpointArgs<typeof endpoints.all>) {
    return this.tools.list(query);
  }

  @Endpoint(endpoints.get)
  get(@Input() { params }: EndpointArgs<typeof endpoints.get>) {
    return this.tools.get(params.id);
  }

  @Endpoint(endpoints.create)
  create(@Input() { body }: EndpointArgs<typeof endpoints.create>) {
    return this.tools.create(body);
  }

  @Endpoint(endpoints.update)
  update(@Input() { params, body }: EndpointArgs<typeof endpoints.update>) {
    return this.tools.update(params.id, body);
  }

  @Endpoint(endpoints.addCheck)
  addCheck(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof endpoints.addCheck>) {
    return this.tools.addCheck(caller, params.id, body);
  }
}
