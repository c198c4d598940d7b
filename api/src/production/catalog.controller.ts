import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import {
  aluminumAlloyPatchSchema,
  aluminumAlloySchema,
  extrusionLinePatchSchema,
  extrusionLineSchema,
  finishPatchSchema,
  finishSchema,
  lineFiguresQuerySchema,
  listQuerySchema,
  machinePatchSchema,
  machineSchema,
  shiftPatchSchema,
  shiftSchema,
} from '@planta/contracts';
import { IdPipe } from '../common/id.pipe';
import { Page } from '../permissions/route-access.decorators';
import { CatalogService } from './catalog.service';
import { ExtrusionService } from './extrusion.service';

class ListQuery extends createZodDto(listQuerySchema) {}
class LineFiguresQuery extends createZodDto(lineFiguresQuerySchema) {}
class LineBody extends createZodDto(extrusionLineSchema) {}
class LinePatch extends createZodDto(extrusionLinePatchSchema) {}
class MachineBody extends createZodDto(machineSchema) {}
class MachinePatch extends createZodDto(machinePatchSchema) {}
class ShiftBody extends createZodDto(shiftSchema) {}
class ShiftPatch extends createZodDto(shiftPatchSchema) {}
class FinishBody extends createZodDto(finishSchema) {}
class FinishPatch extends createZodDto(finishPatchSchema) {}
class AlloyBody extends createZodDto(aluminumAlloySchema) {}
class AlloyPatch extends createZodDto(aluminumAlloyPatchSchema) {}

@ApiTags('production')
@Page('extrusion-line')
@Controller('extrusion-line')
export class ExtrusionLineController {
  constructor(
    private readonly catalog: CatalogService,
    private readonly extrusion: ExtrusionService,
  ) {}

  @Get('all')
  all(@Query() query: ListQuery) {
    return this.catalog.lines(query);
  }

  /** kg/h, recovery and scrap per line over a period (server-computed). */
  @Get('figures')
  figures(@Query() query: LineFiguresQuery) {
    return this.extrusion.lineFigures(query.from, query.to);
  }

  @Get(':id')
  one(@Param('id', IdPipe) id: number) {
    return this.catalog.line(id);
  }

  @Post()
  create(@Body() body: LineBody) {
    return this.catalog.createLine(body);
  }

  @Patch(':id')
  update(@Param('id', IdPipe) id: number, @Body() body: LinePatch) {
    return this.catalog.updateLine(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', IdPipe) id: number) {
    return this.catalog.removeLine(id);
  }
}

@ApiTags('production')
@Page('machines')
@Controller('machine')
export class MachineController {
  constructor(private readonly catalog: CatalogService) {}

  @Get('all')
  all(@Query() query: ListQuery) {
    return this.catalog.machines(query);
  }

  @Get(':id')
  one(@Param('id', IdPipe) id: number) {
    return this.catalog.machine(id);
  }

  @Post()
  create(@Body() body: MachineBody) {
    return this.catalog.createMachine(body);
  }

  @Patch(':id')
  update(@Param('id', IdPipe) id: number, @Body() body: MachinePatch) {
    return this.catalog.updateMachine(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', IdPipe) id: number) {
    return this.catalog.removeMachine(id);
  }
}

@ApiTags('production')
@Page('shifts')
@Controller('shifts')
export class ShiftController {
  constructor(private readonly catalog: CatalogService) {}

  @Get('all')
  all(@Query() query: ListQuery) {
    return this.catalog.shifts(query);
  }

  @Get(':id')
  one(@Param('id', IdPipe) id: number) {
    return this.catalog.shift(id);
  }

  @Post()
  create(@Body() body: ShiftBody) {
    return this.catalog.createShift(body);
  }

  @Patch(':id')
  update(@Param('id', IdPipe) id: number, @Body() body: ShiftPatch) {
    return this.catalog.updateShift(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', IdPipe) id: number) {
    return this.catalog.removeShift(id);
  }
}

@ApiTags('production')
@Page('finishes')
@Controller('finish')
export class FinishController {
  constructor(private readonly catalog: CatalogService) {}

  @Get('all')
  all(@Query() query: ListQuery) {
    return this.catalog.finishes(query);
  }

  @Get(':id')
  one(@Param('id', IdPipe) id: number) {
    return this.catalog.finish(id);
  }

  @Post()
  create(@Body() body: FinishBody) {
    return this.catalog.createFinish(body);
  }

  @Patch(':id')
  update(@Param('id', IdPipe) id: number, @Body() body: FinishPatch) {
    return this.catalog.updateFinish(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', IdPipe) id: number) {
    return this.catalog.removeFinish(id);
  }
}

@ApiTags('production')
@Page('aluminum-alloys')
@Controller('aluminum-alloy')
export class AluminumAlloyController {
  constructor(private readonly catalog: CatalogService) {}

  @Get('all')
  all(@Query() query: ListQuery) {
    return this.catalog.alloys(query);
  }

  @Get(':id')
  one(@Param('id', IdPipe) id: number) {
    return this.catalog.alloy(id);
  }

  @Post()
  create(@Body() body: AlloyBody) {
    return this.catalog.createAlloy(body);
  }

  @Patch(':id')
  update(@Param('id', IdPipe) id: number, @Body() body: AlloyPatch) {
    return this.catalog.updateAlloy(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', IdPipe) id: number) {
    return this.catalog.removeAlloy(id);
  }
}
