import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import {
  activeTimerOrdersQuerySchema,
  hideClosedOrdersQuerySchema,
  orderListQuerySchema,
  orderPatchSchema,
  orderSchema,
  planningBoardMoveSchema,
  saveDieCriticalDimensionRequestSchema,
  startExtrusionSchema,
  stopExtrusionSchema,
  type DimensionRecord,
  type OrderDie,
  type SaveDieCriticalDimensionRequest,
} from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { IdPipe } from '../common/id.pipe';
import { Page } from '../permissions/route-access.decorators';
import type { RequestIdentity } from '../tenancy/request-context';
import { ExtrusionService } from './extrusion.service';
import { OrdersService } from './orders.service';
import { PlanningBoardService } from './planning-board.service';

class OrderListQuery extends createZodDto(orderListQuerySchema) {}
class OrderBody extends createZodDto(orderSchema) {}
class OrderPatch extends createZodDto(orderPatchSchema) {}
class ActiveTimerOrdersQuery extends createZodDto(activeTimerOrdersQuerySchema) {}
class HideClosedOrdersQuery extends createZodDto(hideClosedOrdersQuerySchema) {}
class StartExtrusionBody extends createZodDto(startExtrusionSchema) {}
class StopExtrusionBody extends createZodDto(stopExtrusionSchema) {}
class PlanningBoardMoveBody extends createZodDto(planningBoardMoveSchema) {}
class SaveDieCriticalDimensionBody extends createZodDto(saveDieCriticalDimensionRequestSchema) {}

/** Production orders and the spec 7 order calls; `companyId`, when given, must be the active company (access guard). */
@ApiTags('production')
@Page('orders')
@Controller('orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get('all')
  all(@Query() query: OrderListQuery) {
    return this.orders.list(query);
  }

  @Get('hideClosedOrders')
  hideClosedOrders(@Query() _query: HideClosedOrdersQuery) {
    return this.orders.openOrders();
  }

  @Get('getActiveTimerOrders')
  activeTimerOrders(@Caller() caller: RequestIdentity, @Query() query: ActiveTimerOrdersQuery): Promise<OrderDie[]> {
    return this.orders.activeTimerOrders(caller, query.userId);
  }

  @Post('saveDieCriticalDimension')
  saveDieCriticalDimension(@Caller() caller: RequestIdentity, @Body() body: SaveDieCriticalDimensionBody): Promise<DimensionRecord[]> {
    return this.orders.saveDimensions(caller, body as unknown as SaveDieCriticalDimensionRequest);
  }

  @Get(':id')
  one(@Param('id', IdPipe) id: number) {
    return this.orders.detail(id);
  }

  @Post()
  create(@Body() body: OrderBody) {
    return this.orders.create(body);
  }

  @Patch(':id')
  update(@Param('id', IdPipe) id: number, @Body() body: OrderPatch) {
    return this.orders.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', IdPipe) id: number) {
    return this.orders.remove(id);
  }
}

/** Starting and stopping extrusion of an order die. */
@ApiTags('production')
@Page('extrusion')
@Controller('extrusion')
export class ExtrusionController {
  constructor(private readonly extrusion: ExtrusionService) {}

  @Post('start')
  start(@Caller() caller: RequestIdentity, @Body() body: StartExtrusionBody) {
    return this.extrusion.start(caller, body);
  }

  @Post(':orderDieId/stop')
  @HttpCode(200)
  stop(@Param('orderDieId', IdPipe) orderDieId: number, @Body() body: StopExtrusionBody) {
    return this.extrusion.stop(orderDieId, body);
  }
}

@ApiTags('production')
@Page('planning-board')
@Controller('planning-board')
export class PlanningBoardController {
  constructor(private readonly board: PlanningBoardService) {}

  @Get()
  get() {
    return this.board.board();
  }

  @Post('move')
  @HttpCode(200)
  move(@Body() body: PlanningBoardMoveBody) {
    return this.board.move(body);
  }
}
