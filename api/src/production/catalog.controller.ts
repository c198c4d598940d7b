import { Controller, Inject } from '@nestjs/common';
import { extrusionEndpoints, extrusionLineResource, type EndpointArgs } from '@planta/contracts';
import { Endpoint, Input } from '../common/endpoint.decorator';
import { ResourceController } from '../resources/resource.controller';
import { ResourceService, serviceToken } from '../resources/resource.service';
import { ExtrusionService } from './extrusion.service';

/** The extrusion line resource, plus its figures per line over a period. */
@Controller()
export class ExtrusionLineController extends ResourceController(extrusionLineResource) {
  constructor(
    @Inject(serviceToken(extrusionLineResource)) service: ResourceService<typeof extrusionLineResource>,
    private readonly extrusion: ExtrusionService,
  ) {
    super(service);
  }

  /** kg/h, recovery and scrap per line over a period (server-computed). */
  @Endpoint(extrusionEndpoints.lineFigures)
  figures(@Input() { query }: EndpointArgs<typeof extrusionEndpoints.lineFigures>) {
    return this.extrusion.lineFigures(query.from, query.to);
  }
}
