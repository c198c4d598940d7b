import { Controller, UploadedFiles } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { dieCleaningEndpoints, dieConfirmationEndpoints, type EndpointArgs } from '@planta/contracts';
import type { UploadedBuffer } from '../files/uploads';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { DieCleaningService } from './die-cleaning.service';
import { DieConfirmationService } from './die-confirmation.service';

@ApiTags('dieshop')
@Controller()
export class DieConfirmationController {
  constructor(private readonly confirmations: DieConfirmationService) {}

  @Endpoint(dieConfirmationEndpoints.all)
  all(@Input() { query }: EndpointArgs<typeof dieConfirmationEndpoints.all>) {
    return this.confirmations.list(query);
  }

  @Endpoint(dieConfirmationEndpoints.run)
  run(@Input() { params }: EndpointArgs<typeof dieConfirmationEndpoints.run>) {
    return this.confirmations.get(params.id);
  }

  @Endpoint(dieConfirmationEndpoints.confirm)
  confirm(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof dieConfirmationEndpoints.confirm>) {
    return this.confirmations.confirm(caller, body);
  }
}

@ApiTags('dieshop')
@Controller()
export class DieCleaningController {
  constructor(private readonly cleanings: DieCleaningService) {}

  @Endpoint(dieCleaningEndpoints.all)
  all(@Input() { query }: EndpointArgs<typeof dieCleaningEndpoints.all>) {
    return this.cleanings.list(query);
  }

  @Endpoint(dieCleaningEndpoints.die)
  die(@Input() { params }: EndpointArgs<typeof dieCleaningEndpoints.die>) {
    return this.cleanings.die(params.id);
  }

  @Endpoint(dieCleaningEndpoints.start)
  start(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof dieCleaningEndpoints.start>) {
    return this.cleanings.start(caller, body);
  }

  @Endpoint(dieCleaningEndpoints.finish)
  finish(
    @Caller() caller: RequestIdentity,
    @Input() { params, body }: EndpointArgs<typeof dieCleaningEndpoints.finish>,
    @UploadedFiles() photos: UploadedBuffer[] | undefined,
  ) {
    return this.cleanings.finish(caller, params.id, body, photos ?? []);
  }
}
