import { Controller, Inject, UploadedFile } from '@nestjs/common';
import { profileDimensionEndpoints, profileDrawingEndpoints, profileResource, type EndpointArgs } from '@planta/contracts';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { UploadedBuffer } from '../files/uploads';
import { ResourceController } from '../resources/resource.controller';
import { serviceToken } from '../resources/resource.service';
import { ProfileService } from './profile.service';

/** The profile resource, plus its critical dimensions and its drawing. */
@Controller()
export class ProfileController extends ResourceController(profileResource) {
  constructor(@Inject(serviceToken(profileResource)) private readonly profiles: ProfileService) {
    super(profiles);
  }

  @Endpoint(profileDimensionEndpoints.get)
  dimensions(@Input() { params }: EndpointArgs<typeof profileDimensionEndpoints.get>) {
    return this.profiles.dimensions(params.id);
  }

  @Endpoint(profileDimensionEndpoints.replace)
  replaceDimensions(@Input() { params, body }: EndpointArgs<typeof profileDimensionEndpoints.replace>) {
    return this.profiles.replaceDimensions(params.id, body);
  }

  @Endpoint(profileDrawingEndpoints.get)
  drawing(@Input() { params }: EndpointArgs<typeof profileDrawingEndpoints.get>) {
    return this.profiles.drawing(params.id);
  }

  @Endpoint(profileDrawingEndpoints.replace)
  replaceDrawing(@Input() { params }: EndpointArgs<typeof profileDrawingEndpoints.replace>, @UploadedFile() file: UploadedBuffer | undefined) {
    return this.profiles.replaceDrawing(params.id, file);
  }

  @Endpoint(profileDrawingEndpoints.remove)
  removeDrawing(@Input() { params }: EndpointArgs<typeof profileDrawingEndpoints.remove>) {
    return this.profiles.removeDrawing(params.id);
  }
}
