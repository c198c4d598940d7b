import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { maintenanceSummaryEndpoints, meterEndpoints, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { MachineSummaryService } from './machine-summary.service';
import { MeterService } from './meter.service';

/** The machine summary (ficha de máquina) and the maintenance dashboard. */
@ApiTags('maintenance')
@Controller()
export class MachineSummaryController {
  constructor(private readonly summary: MachineSummaryService) {}

  @Endpoint(maintenanceSummaryEndpoints.machineSummary)
  machineSummary(@Input() { params, query }: EndpointArgs<typeof maintenanceSummaryEndpoints.machineSummary>) {
    return this.summary.machineSummary(params.id, query);
  }

  @Endpoint(maintenanceSummaryEndpoints.dashboard)
  dashboard(@Input() { query }: EndpointArgs<typeof maintenanceSummaryEndpoints.dashboard>) {
    return this.summary.dashboard(query);
  }
}

/** Meters: production ones fed by the extrusion runs, manual ones read by people. */
@ApiTags('maintenance')
@Controller()
export class MeterController {
  constructor(private readonly meters: MeterService) {}

  @Endpoint(meterEndpoints.all)
  all(@Input() { query }: EndpointArgs<typeof meterEndpoints.all>) {
    return this.meters.all(query.machine_id);
  }

  @Endpoint(meterEndpoints.readings)
  readings(@Input() { params, query }: EndpointArgs<typeof meterEndpoints.readings>) {
    return this.meters.readings(params.id, query);
  }

  @Endpoint(meterEndpoints.create)
  create(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof meterEndpoints.create>) {
    return this.meters.create(caller, body);
  }

  @Endpoint(meterEndpoints.update)
  update(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof meterEndpoints.update>) {
    return this.meters.update(caller, params.id, body);
  }

  @Endpoint(meterEndpoints.addReading)
  addReading(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof meterEndpoints.addReading>) {
    return this.meters.addReading(caller, params.id, body);
  }
}
