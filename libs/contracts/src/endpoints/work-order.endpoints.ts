import { z } from 'zod';
import { pagedSchema } from '../common.schema';
import { endpoint, idParams } from '../endpoint';
import {
  boardMemberSchema,
  itemParams,
  laborParams,
  maintenanceBoardMoveSchema,
  maintenanceBoardQuerySchema,
  maintenanceBoardSchema,
  workOrderBlockSchema,
  workOrderCommentCreateSchema,
  workOrderCreateSchema,
  workOrderDetailSchema,
  workOrderItemAnswerSchema,
  workOrderLaborCreateSchema,
  workOrderListQuerySchema,
  workOrderPatchSchema,
  workOrderRowSchema,
} from '../maintenance/work-order.schema';

const board = { page: 'maintenance-board' } as const;
const corrective = { page: 'corrective-maintenance' } as const;
const tag = 'maintenance';

/**
 * Work orders: the list and the record read and change under 'corrective-maintenance' (leads
 * create them); the work done on a card (comments, labour, checklist, blocking) under the board.
 */
export const workOrderEndpoints = {
  all: endpoint({
    method: 'GET',
    path: 'work-order/all',
    access: corrective,
    tag,
    summary: 'A page of work orders: search number, title and machine; filter by type, state, machine, assignee, mine, overdue, open',
    query: workOrderListQuerySchema,
    response: pagedSchema(workOrderRowSchema),
  }),
  corrective: endpoint({
    method: 'GET',
    path: 'work-order/corrective/all',
    access: corrective,
    tag,
    summary: 'The corrective orders only (the corrective maintenance list), with the same search and filters',
    query: workOrderListQuerySchema.omit({ type: true }),
    response: pagedSchema(workOrderRowSchema),
  }),
  detail: endpoint({
    method: 'GET',
    path: 'work-order/:id',
    access: board,
    tag,
    summary: 'A work order with its checklist, labour, comments, attachments, report with photos, stops and plan',
    params: idParams,
    response: workOrderDetailSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: 'work-order',
    access: corrective,
    tag,
    summary: 'Create a corrective or improvement order by hand (leads)',
    body: workOrderCreateSchema,
    response: workOrderDetailSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'work-order/:id',
    access: corrective,
    tag,
    summary: 'Change an order: texts, priority, dates, cause, root cause, solution, assignee (notified), signature',
    params: idParams,
    body: workOrderPatchSchema,
    response: workOrderDetailSchema,
  }),
  comment: endpoint({
    method: 'POST',
    path: 'work-order/:id/comments',
    access: board,
    tag,
    summary: 'Comment on an order; @[Name](userId) mentions notify those users (userLabelMaintenanceBoard)',
    params: idParams,
    body: workOrderCommentCreateSchema,
    response: workOrderDetailSchema,
  }),
  addLabor: endpoint({
    method: 'POST',
    path: 'work-order/:id/labor',
    access: board,
    tag,
    summary: 'Record labour minutes on an order (the caller by default)',
    params: idParams,
    body: workOrderLaborCreateSchema,
    response: workOrderDetailSchema,
  }),
  removeLabor: endpoint({
    method: 'DELETE',
    path: 'work-order/:id/labor/:laborId',
    // Own entries are anyone's who works the board (checked in the service): the board's users hold no delete grant.
    access: 'signed-in',
    tag,
    summary: "Delete a labour entry: one's own (with update on the board) or any as a lead",
    params: laborParams,
    errors: [409],
    response: null,
  }),
  answerItem: endpoint({
    method: 'PATCH',
    path: 'work-order/:id/items/:itemId',
    access: board,
    tag,
    summary: 'Answer a checklist item (value and/or ok)',
    params: itemParams,
    body: workOrderItemAnswerSchema,
    response: workOrderDetailSchema,
  }),
  correctiveFromItem: endpoint({
    method: 'POST',
    path: 'work-order/:id/items/:itemId/corrective',
    access: corrective,
    tag,
    summary: 'Create a corrective order from an inspection item answered as failed',
    params: itemParams,
    response: workOrderDetailSchema,
  }),
  block: endpoint({
    method: 'POST',
    path: 'work-order/:id/block',
    access: board,
    tag,
    summary: 'Block (with a reason: taskBlocked to the creator and the leads) or unblock an order',
    params: idParams,
    body: workOrderBlockSchema,
    response: workOrderDetailSchema,
    status: 200,
  }),
} as const;

export const maintenanceBoardEndpoints = {
  board: endpoint({
    method: 'GET',
    path: 'maintenance-board',
    access: board,
    tag,
    summary: 'The maintenance board: columns pending to verified (the last 30 days), cards by position; filters type, machine, assignee, mine',
    query: maintenanceBoardQuerySchema,
    response: maintenanceBoardSchema,
  }),
  move: endpoint({
    method: 'POST',
    path: 'maintenance-board/move',
    access: board,
    tag,
    summary: 'Move a card to a state and in front of a card (optimistic version); answers the board with the same filters',
    query: maintenanceBoardQuerySchema,
    body: maintenanceBoardMoveSchema,
    response: maintenanceBoardSchema,
    status: 200,
  }),
  members: endpoint({
    method: 'GET',
    path: 'maintenance-board/members',
    access: board,
    tag,
    summary: "The company's active members, by name: whom a card can be assigned to or a comment can mention",
    response: z.array(boardMemberSchema),
  }),
} as const;
