import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { correctionEndpoints, dieEndpoints, type EndpointArgs } from '@planta/contracts';
import { Endpoint, Input } from '../common/endpoint.decorator';
import { DieshopService } from './dieshop.service';

/** Spec 7 die calls; `company_id`, when given, must be the active company (checked by the access guard). */
@ApiTags('dieshop')
@Controller()
export class DieController {
  constructor(private readonly dieshop: DieshopService) {}

  @Endpoint(dieEndpoints.all)
  all(@Input() { query }: EndpointArgs<typeof dieEndpoints.all>) {
    return this.dieshop.diePage(query);
  }

  @Endpoint(dieEndpoints.find)
  find(@Input() { query }: EndpointArgs<typeof dieEndpoints.find>) {
    return this.dieshop.findDies(query.reference);
  }

  @Endpoint(dieEndpoints.summary)
  summary(@Input() { params }: EndpointArgs<typeof dieEndpoints.summary>) {
    return this.dieshop.dieSummary(params.id);
  }
}

@ApiTags('dieshop')
@Controller()
export class CorrectionController {
  constructor(private readonly dieshop: DieshopService) {}

  @Endpoint(correctionEndpoints.record)
  record(@Input() { params }: EndpointArgs<typeof correctionEndpoints.record>) {
    return this.dieshop.correctionRecord(params.id);
  }

  @Endpoint(correctionEndpoints.report)
  report(@Input() { params }: EndpointArgs<typeof correctionEndpoints.report>) {
    return this.dieshop.correctionReport(params.id);
  }
}
