import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { preventivePlanEndpoints, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { PreventivePlansService } from './preventive-plans.service';

/** `/api/preventive-plan`: preventive maintenance plans by calendar and by counter. */
@ApiTags('maintenance')
@Controller()
export class PreventivePlansController {
  constructor(private readonly plans: PreventivePlansService) {}

  @Endpoint(preventivePlanEndpoints.all)
  all(@Input() { query }: EndpointArgs<typeof preventivePlanEndpoints.all>) {
    return this.plans.list(query);
  }

  @Endpoint(preventivePlanEndpoints.formOptions)
  formOptions() {
    return this.plans.formOptions();
  }

  @Endpoint(preventivePlanEndpoints.detail)
  detail(@Input() { params }: EndpointArgs<typeof preventivePlanEndpoints.detail>) {
    return this.plans.detail(params.id);
  }

  @Endpoint(preventivePlanEndpoints.create)
  create(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof preventivePlanEndpoints.create>) {
    return this.plans.create(caller, body);
  }

  @Endpoint(preventivePlanEndpoints.update)
  update(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof preventivePlanEndpoints.update>) {
    return this.plans.update(caller, params.id, body);
  }

  @Endpoint(preventivePlanEndpoints.remove)
  remove(@Caller() caller: RequestIdentity, @Input() { params }: EndpointArgs<typeof preventivePlanEndpoints.remove>) {
    return this.plans.remove(caller, params.id);
  }

  @Endpoint(preventivePlanEndpoints.generate)
  generate(@Caller() caller: RequestIdentity, @Input() { params }: EndpointArgs<typeof preventivePlanEndpoints.generate>) {
    return this.plans.generate(caller, params.id);
  }
}
