import { Module } from '@nestjs/common';
import { AreaIndicatorsService } from './area-indicators.service';
import { AreaSummaryService } from './area-summary.service';
import { IndicatorsController } from './indicators.controller';
import { PressStatesService } from './press-states.service';
import { ProductionIndicatorsService } from './production-indicators.service';

/**
 * Indicators (issue 16, domain.md A4): the figures of 'Indicadores clave' per area and the cards of
 * 'Resumen de áreas', computed in SQL from the rows of production, maintenance and the die shop.
 */
@Module({
  controllers: [IndicatorsController],
  providers: [ProductionIndicatorsService, AreaIndicatorsService, AreaSummaryService, PressStatesService],
})
export class IndicatorsModule {}
