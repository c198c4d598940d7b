import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { dieEndpoints, dieshopSettingsEndpoints, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { DieCopyService } from './die-copy.service';
import { DieSummaryService } from './die-summary.service';
import { DieshopService } from './dieshop.service';

/** Spec 7 die calls; `company_id`, when given, must be the active company (checked by the access guard). */
@ApiTags('dieshop')
@Controller()
export class DieController {
  constructor(
    private readonly dieshop: DieshopService,
    private readonly dies: DieCopyService,
    private readonly summaries: DieSummaryService,
  ) {}

  @Endpoint(dieEndpoints.all)
  all(@Input() { query }: EndpointArgs<typeof dieEndpoints.all>) {
    return this.dies.inventory(query);
  }

  @Endpoint(dieEndpoints.find)
  find(@Input() { query }: EndpointArgs<typeof dieEndpoints.find>) {
    return this.dieshop.findDies(query.reference);
  }

  @Endpoint(dieEndpoints.get)
  get(@Input() { params }: EndpointArgs<typeof dieEndpoints.get>) {
    return this.dies.get(params.id);
  }

  @Endpoint(dieEndpoints.create)
  create(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof dieEndpoints.create>) {
    return this.dies.create(caller, body);
  }

  @Endpoint(dieEndpoints.update)
  update(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof dieEndpoints.update>) {
    return this.dies.update(caller, params.id, body);
  }

  @Endpoint(dieEndpoints.move)
  move(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof dieEndpoints.move>) {
    return this.dies.move(caller, params.id, body);
  }

  @Endpoint(dieEndpoints.scrap)
  scrap(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof dieEndpoints.scrap>) {
    return this.dies.scrap(caller, params.id, body.reason);
  }

  @Endpoint(dieEndpoints.history)
  history(@Input() { params }: EndpointArgs<typeof dieEndpoints.history>) {
    return this.dies.history(params.id);
  }

  @Endpoint(dieEndpoints.summary)
  summary(@Input() { params }: EndpointArgs<typeof dieEndpoints.summary>) {
    return this.summaries.summary(params.id);
  }
}

@ApiTags('dieshop')
@Controller()
export class DieshopSettingsController {
  constructor(private readonly dies: DieCopyService) {}

  @Endpoint(dieshopSettingsEndpoints.get)
  get() {
    return this.dies.settings();
  }

  @Endpoint(dieshopSettingsEndpoints.update)
  update(@Input() { body }: EndpointArgs<typeof dieshopSettingsEndpoints.update>) {
    return this.dies.updateSettings(body);
  }
}
