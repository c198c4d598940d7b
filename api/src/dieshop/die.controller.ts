import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { dieAllQuerySchema, dieFindQuerySchema, type Die } from '@planta/contracts';
import { IdPipe } from '../common/id.pipe';
import { Page, Shareable } from '../permissions/route-access.decorators';
import { DieshopService } from './dieshop.service';

class DieAllQuery extends createZodDto(dieAllQuerySchema) {}
class DieFindQuery extends createZodDto(dieFindQuerySchema) {}

/** Spec 7 die calls; `company_id`, when given, must be the active company (checked by the access guard). */
@ApiTags('dieshop')
@Page('dies')
@Controller('die')
export class DieController {
  constructor(private readonly dieshop: DieshopService) {}

  @Get('all')
  all(@Query() _query: DieAllQuery): Promise<Die[]> {
    return this.dieshop.allDies();
  }

  @Get('find')
  find(@Query() query: DieFindQuery): Promise<Die[]> {
    return this.dieshop.findDies(query.reference);
  }

  @Shareable('die-summary')
  @Get(':id')
  summary(@Param('id', IdPipe) id: number) {
    return this.dieshop.dieSummary(id);
  }
}

@ApiTags('dieshop')
@Page('correction-records')
@Controller('correction-record')
export class CorrectionRecordController {
  constructor(private readonly dieshop: DieshopService) {}

  @Shareable('correction-record')
  @Get(':id')
  one(@Param('id', IdPipe) id: number) {
    return this.dieshop.correctionRecord(id);
  }
}

@ApiTags('dieshop')
@Page('correction-reports')
@Controller('correction-report')
export class CorrectionReportController {
  constructor(private readonly dieshop: DieshopService) {}

  @Shareable('correction-report')
  @Get(':id')
  one(@Param('id', IdPipe) id: number) {
    return this.dieshop.correctionReport(id);
  }
}
