import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { indicatorEndpoints, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { AreaIndicatorsService } from './area-indicators.service';
import { AreaSummaryService } from './area-summary.service';
import { PressStatesService } from './press-states.service';
import { ProductionIndicatorsService } from './production-indicators.service';

/** 'Indicadores clave' (one endpoint per area) and 'Resumen de áreas'. */
@ApiTags('indicators')
@Controller()
export class IndicatorsController {
  constructor(
    private readonly production: ProductionIndicatorsService,
    private readonly areas: AreaIndicatorsService,
    private readonly summary: AreaSummaryService,
    private readonly pressStates: PressStatesService,
  ) {}

  @Endpoint(indicatorEndpoints.production)
  productionIndicators(@Caller() caller: RequestIdentity, @Input() { query }: EndpointArgs<typeof indicatorEndpoints.production>) {
    return this.production.production(caller, query);
  }

  @Endpoint(indicatorEndpoints.maintenance)
  maintenanceIndicators(@Caller() caller: RequestIdentity, @Input() { query }: EndpointArgs<typeof indicatorEndpoints.maintenance>) {
    return this.areas.maintenance(caller, query);
  }

  @Endpoint(indicatorEndpoints.dieshop)
  dieshopIndicators(@Caller() caller: RequestIdentity, @Input() { query }: EndpointArgs<typeof indicatorEndpoints.dieshop>) {
    return this.areas.dieshop(caller, query);
  }

  @Endpoint(indicatorEndpoints.pressStates)
  pressStatesNow() {
    return this.pressStates.states();
  }

  @Endpoint(indicatorEndpoints.areaSummary)
  areaSummary(@Caller() caller: RequestIdentity) {
    return this.summary.summary(caller);
  }
}
