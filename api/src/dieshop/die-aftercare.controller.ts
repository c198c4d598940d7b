import { Controller, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import { dieCleaningEndpoints, dieConfirmationEndpoints, MAX_COMPANY_UPLOAD_LIMIT_MB, MAX_REPORT_PHOTOS, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { DieCleaningService, type UploadedPhoto } from './die-cleaning.service';
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

/**
 * Multer keeps the photos in memory up to just above the largest limit a company may set; the
 * company's own limit is checked by FilesService (with its Spanish message).
 */
const photoUpload = FilesInterceptor('photos', MAX_REPORT_PHOTOS + 1, { limits: { fileSize: MAX_COMPANY_UPLOAD_LIMIT_MB * 1024 * 1024 + 1 } });

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
  @UseInterceptors(photoUpload)
  @ApiConsumes('application/json', 'multipart/form-data')
  finish(
    @Caller() caller: RequestIdentity,
    @Input() { params, body }: EndpointArgs<typeof dieCleaningEndpoints.finish>,
    @UploadedFiles() photos: UploadedPhoto[] | undefined,
  ) {
    return this.cleanings.finish(caller, params.id, body, photos ?? []);
  }
}
