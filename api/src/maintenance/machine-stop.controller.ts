import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { machineStopEndpoints, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { MachineStopService } from './machine-stop.service';

@ApiTags('maintenance')
@Controller()
export class MachineStopController {
  constructor(private readonly stops: MachineStopService) {}

  @Endpoint(machineStopEndpoints.all)
  all(@Input() { query }: EndpointArgs<typeof machineStopEndpoints.all>) {
    return this.stops.list(query);
  }

  @Endpoint(machineStopEndpoints.detail)
  detail(@Input() { params }: EndpointArgs<typeof machineStopEndpoints.detail>) {
    return this.stops.detail(params.id);
  }

  @Endpoint(machineStopEndpoints.create)
  create(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof machineStopEndpoints.create>) {
    return this.stops.create(caller, body);
  }

  @Endpoint(machineStopEndpoints.update)
  update(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof machineStopEndpoints.update>) {
    return this.stops.update(caller, params.id, body);
  }
}
