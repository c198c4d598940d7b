import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { extrusionEndpoints, orderEndpoints, planningBoardEndpoints, type EndpointArgs } from '@planta/contracts';
import { MadeAt } from '../common/made-at.decorator';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { ExtrusionService } from './extrusion.service';
import { LateCheckService } from './late-check.service';
import { OrdersService } from './orders.service';
import { PlanningBoardService } from './planning-board.service';

/** Production orders and the spec 7 order calls; `companyId`, when given, must be the active company (access guard). */
@ApiTags('production')
@Controller()
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Endpoint(orderEndpoints.all)
  all(@Input() { query }: EndpointArgs<typeof orderEndpoints.all>) {
    return this.orders.list(query);
  }

  @Endpoint(orderEndpoints.hideClosedOrders)
  hideClosedOrders() {
    return this.orders.openOrders();
  }

  @Endpoint(orderEndpoints.activeTimerOrders)
  activeTimerOrders(@Caller() caller: RequestIdentity, @Input() { query }: EndpointArgs<typeof orderEndpoints.activeTimerOrders>) {
    return this.orders.activeTimerOrders(caller, query.userId);
  }

  @Endpoint(orderEndpoints.saveDieCriticalDimension)
  saveDieCriticalDimension(
    @Caller() caller: RequestIdentity,
    @Input() { body }: EndpointArgs<typeof orderEndpoints.saveDieCriticalDimension>,
    @MadeAt() answeredAt: Date,
  ) {
    return this.orders.saveDimensions(caller, body, answeredAt);
  }

  @Endpoint(orderEndpoints.detail)
  one(@Input() { params }: EndpointArgs<typeof orderEndpoints.detail>) {
    return this.orders.detail(params.id);
  }

  @Endpoint(orderEndpoints.create)
  create(@Input() { body }: EndpointArgs<typeof orderEndpoints.create>) {
    return this.orders.create(body);
  }

  @Endpoint(orderEndpoints.update)
  update(@Input() { params, body }: EndpointArgs<typeof orderEndpoints.update>) {
    return this.orders.update(params.id, body);
  }

  @Endpoint(orderEndpoints.remove)
  remove(@Input() { params }: EndpointArgs<typeof orderEndpoints.remove>) {
    return this.orders.remove(params.id);
  }
}

/** Starting and stopping extrusion of an order die. */
@ApiTags('production')
@Controller()
export class ExtrusionController {
  constructor(
    private readonly extrusion: ExtrusionService,
    private readonly lateChecks: LateCheckService,
  ) {}

  @Endpoint(extrusionEndpoints.start)
  start(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof extrusionEndpoints.start>) {
    return this.extrusion.start(caller, body);
  }

  @Endpoint(extrusionEndpoints.stop)
  stop(@Input() { params, body }: EndpointArgs<typeof extrusionEndpoints.stop>) {
    return this.extrusion.stop(params.orderDieId, body);
  }

  @Endpoint(extrusionEndpoints.startOptions)
  startOptions(@Caller() caller: RequestIdentity, @Input() { query }: EndpointArgs<typeof extrusionEndpoints.startOptions>) {
    return this.extrusion.startOptions(caller, query.order_id);
  }

  @Endpoint(extrusionEndpoints.answerLate)
  answerLate(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof extrusionEndpoints.answerLate>, @MadeAt() answeredAt: Date) {
    return this.lateChecks.answer(caller, params.orderDieId, body, answeredAt);
  }

  @Endpoint(extrusionEndpoints.mine)
  mine(@Caller() caller: RequestIdentity) {
    return this.extrusion.mine(caller);
  }
}

@ApiTags('production')
@Controller()
export class PlanningBoardController {
  constructor(private readonly board: PlanningBoardService) {}

  @Endpoint(planningBoardEndpoints.board)
  get(@Input() { query }: EndpointArgs<typeof planningBoardEndpoints.board>) {
    return this.board.board(query);
  }

  @Endpoint(planningBoardEndpoints.move)
  move(@Input() { query, body }: EndpointArgs<typeof planningBoardEndpoints.move>) {
    return this.board.move(body, query);
  }
}
