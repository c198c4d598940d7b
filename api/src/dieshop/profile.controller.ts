import { Controller, Inject } from '@nestjs/common';
import { profileDimensionEndpoints, profileResource, type EndpointArgs } from '@planta/contracts';
import { Endpoint, Input } from '../common/endpoint.decorator';
import { ResourceController } from '../resources/resource.controller';
import { serviceToken } from '../resources/resource.service';
import { ProfileService } from './profile.service';

/** The profile resource, plus its critical dimensions. */
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
}
