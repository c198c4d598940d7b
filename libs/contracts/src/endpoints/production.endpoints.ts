import { z } from 'zod';
import { pagedSchema } from '../common.schema';
import { savedDimensionRecordSchema } from '../dieshop/profile.schema';
import { endpoint, idParams, pathId } from '../endpoint';
import { activeTimerOrdersQuerySchema, hideClosedOrdersQuerySchema, saveDieCriticalDimensionRequestSchema } from '../orders.schema';
import {
  lateCheckSchema,
  lineFiguresQuerySchema,
  lineFiguresSchema,
  myRunSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderPatchSchema,
  orderSchema,
  planningBoardMoveSchema,
  planningBoardQuerySchema,
  planningBoardSchema,
  productionOrderViewSchema,
  runningOrderDieSchema,
  startExtrusionSchema,
  startedRunSchema,
  stopExtrusionSchema,
  stoppedRunSchema,
} from '../production.schema';

const orders = { page: 'orders' } as const;

/** Production orders and the spec 7 order calls; `companyId`, when given, must be the active company. */
export const orderEndpoints = {
  all: endpoint({
    method: 'GET',
    path: 'orders/all',
    access: orders,
    tag: 'production',
    summary: 'A page of production orders: search by number, customer or profile prefix; filter by status and line',
    query: orderListQuerySchema,
    response: pagedSchema(productionOrderViewSchema),
  }),
  hideClosedOrders: endpoint({
    method: 'GET',
    path: 'orders/hideClosedOrders',
    access: orders,
    tag: 'production',
    summary: 'The open (not finished) work orders, by due date',
    query: hideClosedOrdersQuerySchema,
    response: z.array(productionOrderViewSchema),
  }),
  activeTimerOrders: endpoint({
    method: 'GET',
    path: 'orders/getActiveTimerOrders',
    access: orders,
    tag: 'production',
    summary: "The caller's running order dies (the critical-dimensions prompt)",
    query: activeTimerOrdersQuerySchema,
    response: z.array(runningOrderDieSchema),
  }),
  saveDieCriticalDimension: endpoint({
    method: 'POST',
    path: 'orders/saveDieCriticalDimension',
    access: orders,
    tag: 'production',
    summary: "Save DimensionA and DimensionB of a running order die, each compared with its die's profile tolerance",
    body: saveDieCriticalDimensionRequestSchema,
    response: z.array(savedDimensionRecordSchema),
  }),
  detail: endpoint({
    method: 'GET',
    path: 'orders/:id',
    access: orders,
    tag: 'production',
    summary: 'An order with its runs, 10-minute checks and figures',
    params: idParams,
    response: orderDetailSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: 'orders',
    access: orders,
    tag: 'production',
    summary: 'Create an order (planned on a line when one is given)',
    body: orderSchema,
    response: productionOrderViewSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'orders/:id',
    access: orders,
    tag: 'production',
    summary: 'Change an order',
    params: idParams,
    body: orderPatchSchema,
    response: productionOrderViewSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: 'orders/:id',
    access: orders,
    tag: 'production',
    summary: 'Delete an order that never ran',
    params: idParams,
    errors: [409],
    response: null,
  }),
} as const;

export const extrusionEndpoints = {
  start: endpoint({
    method: 'POST',
    path: 'extrusion/start',
    access: { page: 'extrusion' },
    tag: 'production',
    summary: 'Start extruding an order with a die copy on a line',
    body: startExtrusionSchema,
    response: startedRunSchema,
  }),
  stop: endpoint({
    method: 'POST',
    path: 'extrusion/:orderDieId/stop',
    access: { page: 'extrusion' },
    tag: 'production',
    summary: 'Stop a running order die with what came out of it',
    params: z.object({ orderDieId: pathId }),
    body: stopExtrusionSchema,
    response: stoppedRunSchema,
    status: 200,
  }),
  mine: endpoint({
    method: 'GET',
    path: 'extrusion/mine',
    access: { page: 'extrusion' },
    tag: 'production',
    summary: "The caller's running extrusions (the runs they started) with their last dimension check and missed checks ('Mi extrusión')",
    response: z.array(myRunSchema),
  }),
  answerLate: endpoint({
    method: 'POST',
    path: 'extrusion/:orderDieId/late-check',
    access: { page: 'extrusion' },
    tag: 'production',
    summary: "Answer a missed 10-minute check of one of the caller's running extrusions late: stored with the mark it answers and when",
    params: z.object({ orderDieId: pathId }),
    body: lateCheckSchema,
    response: z.array(savedDimensionRecordSchema),
  }),
  lineFigures: endpoint({
    method: 'GET',
    path: 'extrusion-line/figures',
    access: { page: 'extrusion-line' },
    tag: 'production',
    summary: 'kg/h, recovery and scrap per line over a period',
    query: lineFiguresQuerySchema,
    response: lineFiguresSchema,
  }),
} as const;

export const planningBoardEndpoints = {
  board: endpoint({
    method: 'GET',
    path: 'planning-board',
    access: { page: 'planning-board' },
    tag: 'production',
    summary:
      'The planning board: orders by status, planned ones by line; search (number, customer, profile), one line, a due date range, the most recently finished orders',
    query: planningBoardQuerySchema,
    response: planningBoardSchema,
  }),
  move: endpoint({
    method: 'POST',
    path: 'planning-board/move',
    access: { page: 'planning-board' },
    tag: 'production',
    summary: 'Move an order to a column and position; answers the board with the same filters as GET',
    query: planningBoardQuerySchema,
    body: planningBoardMoveSchema,
    response: planningBoardSchema,
    status: 200,
  }),
} as const;
