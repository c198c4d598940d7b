import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { dieForecastEndpoints, type EndpointArgs } from '@planta/contracts';
import { Endpoint, Input } from '../common/endpoint.decorator';
import { DieForecastService } from './die-forecast.service';

@ApiTags('dieshop')
@Controller()
export class DieForecastController {
  constructor(private readonly forecasts: DieForecastService) {}

  @Endpoint(dieForecastEndpoints.forecast)
  forecast() {
    return this.forecasts.forecast();
  }

  @Endpoint(dieForecastEndpoints.bestCopy)
  bestCopy(@Input() { params }: EndpointArgs<typeof dieForecastEndpoints.bestCopy>) {
    return this.forecasts.bestCopy(params.id);
  }
}
