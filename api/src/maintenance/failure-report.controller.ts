import { Controller, UploadedFiles } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { failureReportEndpoints, type EndpointArgs } from '@planta/contracts';
import type { UploadedBuffer } from '../files/uploads';
import { MadeAt } from '../common/made-at.decorator';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { FailureReportService } from './failure-report.service';

@ApiTags('maintenance')
@Controller()
export class FailureReportController {
  constructor(private readonly reports: FailureReportService) {}

  @Endpoint(failureReportEndpoints.all)
  all(@Caller() caller: RequestIdentity, @Input() { query }: EndpointArgs<typeof failureReportEndpoints.all>) {
    return this.reports.list(caller, query);
  }

  @Endpoint(failureReportEndpoints.detail)
  detail(@Input() { params }: EndpointArgs<typeof failureReportEndpoints.detail>) {
    return this.reports.detail(params.id);
  }

  @Endpoint(failureReportEndpoints.create)
  create(
    @Caller() caller: RequestIdentity,
    @Input() { body }: EndpointArgs<typeof failureReportEndpoints.create>,
    @UploadedFiles() photos: UploadedBuffer[] | undefined,
    @MadeAt() reportedAt: Date,
  ) {
    return this.reports.create(caller, body, photos ?? [], reportedAt);
  }

  @Endpoint(failureReportEndpoints.update)
  update(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof failureReportEndpoints.update>) {
    return this.reports.update(caller, params.id, body);
  }

  @Endpoint(failureReportEndpoints.review)
  review(@Caller() caller: RequestIdentity, @Input() { params }: EndpointArgs<typeof failureReportEndpoints.review>) {
    return this.reports.review(caller, params.id);
  }

  @Endpoint(failureReportEndpoints.accept)
  accept(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof failureReportEndpoints.accept>) {
    return this.reports.accept(caller, params.id, body.assignee_id ?? null);
  }

  @Endpoint(failureReportEndpoints.reject)
  reject(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof failureReportEndpoints.reject>) {
    return this.reports.reject(caller, params.id, body.reason);
  }

  @Endpoint(failureReportEndpoints.duplicate)
  duplicate(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof failureReportEndpoints.duplicate>) {
    return this.reports.duplicate(caller, params.id, body.of);
  }
}
