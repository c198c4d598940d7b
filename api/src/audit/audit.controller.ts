import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { auditEndpoints, type EndpointArgs } from '@planta/contracts';
import { Endpoint, Input } from '../common/endpoint.decorator';
import { AuditService } from './audit.service';

/** The audit trail, read-only: entries are written by the changes they describe. */
@ApiTags('administration')
@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Endpoint(auditEndpoints.list)
  list(@Input() { query }: EndpointArgs<typeof auditEndpoints.list>) {
    return this.audit.list(query);
  }

  @Endpoint(auditEndpoints.get)
  get(@Input() { params }: EndpointArgs<typeof auditEndpoints.get>) {
    return this.audit.get(params.id);
  }
}
