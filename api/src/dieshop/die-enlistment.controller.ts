import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { dieEnlistmentEndpoints as endpoints, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { DieEnlistmentService } from './die-enlistment.service';

/** Die preparation (alistamiento); the fixed paths come before `:id`. */
@ApiTags('dieshop')
@Controller()
export class DieEnlistmentController {
  constructor(private readonly enlistments: DieEnlistmentService) {}

  @Endpoint(endpoints.all)
  all(@Input() { query }: EndpointArgs<typeof endpoints.all>) {
    return this.enlistments.list(query);
  }

  @Endpoint(endpoints.ovens)
  ovens() {
    return this.enlistments.ovens();
  }

  @Endpoint(endpoints.get)
  get(@Input() { params }: EndpointArgs<typeof endpoints.get>) {
    return this.enlistments.get(params.id);
  }

  @Endpoint(endpoints.reservableTools)
  reservableTools(@Input() { params }: EndpointArgs<typeof endpoints.reservableTools>) {
    return this.enlistments.reservableTools(params.id);
  }

  @Endpoint(endpoints.create)
  create(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof endpoints.create>) {
    return this.enlistments.create(caller, body);
  }

  @Endpoint(endpoints.checklist)
  checklist(@Input() { params, body }: EndpointArgs<typeof endpoints.checklist>) {
    return this.enlistments.checklist(params.id, body);
  }

  @Endpoint(endpoints.tools)
  tools(@Input() { params, body }: EndpointArgs<typeof endpoints.tools>) {
    return this.enlistments.tools(params.id, body);
  }

  @Endpoint(endpoints.ovenIn)
  ovenIn(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof endpoints.ovenIn>) {
    return this.enlistments.ovenIn(caller, params.id, body);
  }

  @Endpoint(endpoints.ovenOut)
  ovenOut(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof endpoints.ovenOut>) {
    return this.enlistments.ovenOut(caller, params.id, body);
  }

  @Endpoint(endpoints.ready)
  ready(@Caller() caller: RequestIdentity, @Input() { params }: EndpointArgs<typeof endpoints.ready>) {
    return this.enlistments.ready(caller, params.id);
  }

  @Endpoint(endpoints.deliver)
  deliver(@Caller() caller: RequestIdentity, @Input() { params }: EndpointArgs<typeof endpoints.deliver>) {
    return this.enlistments.deliver(caller, params.id);
  }

  @Endpoint(endpoints.cancel)
  cancel(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof endpoints.cancel>) {
    return this.enlistments.cancel(caller, params.id, body);
  }
}
