import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { maintenanceBoardEndpoints, workOrderEndpoints, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { MaintenanceBoardService } from './maintenance-board.service';
import { WorkOrderService } from './work-order.service';

type Args<K extends keyof typeof workOrderEndpoints> = EndpointArgs<(typeof workOrderEndpoints)[K]>;

/** Work orders (OT): list, record, creation by leads, and the work done on them. */
@ApiTags('maintenance')
@Controller()
export class WorkOrderController {
  constructor(private readonly workOrders: WorkOrderService) {}

  @Endpoint(workOrderEndpoints.all)
  all(@Caller() caller: RequestIdentity, @Input() { query }: Args<'all'>) {
    return this.workOrders.list(caller, query);
  }

  @Endpoint(workOrderEndpoints.corrective)
  corrective(@Caller() caller: RequestIdentity, @Input() { query }: Args<'corrective'>) {
    return this.workOrders.list(caller, { ...query, type: 'corrective' });
  }

  @Endpoint(workOrderEndpoints.detail)
  detail(@Input() { params }: Args<'detail'>) {
    return this.workOrders.detail(params.id);
  }

  @Endpoint(workOrderEndpoints.create)
  create(@Caller() caller: RequestIdentity, @Input() { body }: Args<'create'>) {
    return this.workOrders.create(caller, body);
  }

  @Endpoint(workOrderEndpoints.update)
  update(@Caller() caller: RequestIdentity, @Input() { params, body }: Args<'update'>) {
    return this.workOrders.update(caller, params.id, body);
  }

  @Endpoint(workOrderEndpoints.comment)
  comment(@Caller() caller: RequestIdentity, @Input() { params, body }: Args<'comment'>) {
    return this.workOrders.comment(caller, params.id, body);
  }

  @Endpoint(workOrderEndpoints.addLabor)
  addLabor(@Caller() caller: RequestIdentity, @Input() { params, body }: Args<'addLabor'>) {
    return this.workOrders.addLabor(caller, params.id, body);
  }

  @Endpoint(workOrderEndpoints.removeLabor)
  removeLabor(@Caller() caller: RequestIdentity, @Input() { params }: Args<'removeLabor'>) {
    return this.workOrders.removeLabor(caller, params.id, params.laborId);
  }

  @Endpoint(workOrderEndpoints.answerItem)
  answerItem(@Caller() caller: RequestIdentity, @Input() { params, body }: Args<'answerItem'>) {
    return this.workOrders.answerItem(caller, params.id, params.itemId, body);
  }

  @Endpoint(workOrderEndpoints.correctiveFromItem)
  correctiveFromItem(@Caller() caller: RequestIdentity, @Input() { params }: Args<'correctiveFromItem'>) {
    return this.workOrders.correctiveFromItem(caller, params.id, params.itemId);
  }

  @Endpoint(workOrderEndpoints.block)
  block(@Caller() caller: RequestIdentity, @Input() { params, body }: Args<'block'>) {
    return this.workOrders.block(caller, params.id, body);
  }
}

/** The maintenance board and its moves. */
@ApiTags('maintenance')
@Controller()
export class MaintenanceBoardController {
  constructor(
    private readonly board: MaintenanceBoardService,
    private readonly workOrders: WorkOrderService,
  ) {}

  @Endpoint(maintenanceBoardEndpoints.board)
  get(@Caller() caller: RequestIdentity, @Input() { query }: EndpointArgs<typeof maintenanceBoardEndpoints.board>) {
    return this.board.board(caller, query);
  }

  @Endpoint(maintenanceBoardEndpoints.move)
  move(@Caller() caller: RequestIdentity, @Input() { query, body }: EndpointArgs<typeof maintenanceBoardEndpoints.move>) {
    return this.board.move(caller, body, query);
  }

  @Endpoint(maintenanceBoardEndpoints.members)
  members() {
    return this.workOrders.members();
  }
}
