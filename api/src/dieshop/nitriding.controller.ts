import { Controller, UploadedFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { nitridingBatchEndpoints, type EndpointArgs } from '@planta/contracts';
import type { UploadedBuffer } from '../files/uploads';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { NitridingService } from './nitriding.service';

@ApiTags('dieshop')
@Controller()
export class NitridingController {
  constructor(private readonly nitriding: NitridingService) {}

  @Endpoint(nitridingBatchEndpoints.all)
  all(@Input() { query }: EndpointArgs<typeof nitridingBatchEndpoints.all>) {
    return this.nitriding.list(query);
  }

  @Endpoint(nitridingBatchEndpoints.candidates)
  candidates() {
    return this.nitriding.candidates();
  }

  @Endpoint(nitridingBatchEndpoints.get)
  get(@Input() { params }: EndpointArgs<typeof nitridingBatchEndpoints.get>) {
    return this.nitriding.get(params.id);
  }

  @Endpoint(nitridingBatchEndpoints.create)
  create(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof nitridingBatchEndpoints.create>) {
    return this.nitriding.create(caller, body);
  }

  @Endpoint(nitridingBatchEndpoints.receive)
  receive(@Input() { params, body }: EndpointArgs<typeof nitridingBatchEndpoints.receive>) {
    return this.nitriding.receive(params.id, body);
  }

  @Endpoint(nitridingBatchEndpoints.certificate)
  certificate(@Input() { params, body }: EndpointArgs<typeof nitridingBatchEndpoints.certificate>, @UploadedFile() file: UploadedBuffer | undefined) {
    return this.nitriding.certificate(params.id, body.certificate_number, file);
  }

  @Endpoint(nitridingBatchEndpoints.confirm)
  confirm(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof nitridingBatchEndpoints.confirm>) {
    return this.nitriding.confirm(caller, params.id, params.dieId, body);
  }

  @Endpoint(nitridingBatchEndpoints.dieHistory)
  dieHistory(@Input() { params }: EndpointArgs<typeof nitridingBatchEndpoints.dieHistory>) {
    return this.nitriding.dieHistory(params.id);
  }
}
