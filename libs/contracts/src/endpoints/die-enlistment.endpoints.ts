import { z } from 'zod';
import { pagedSchema } from '../common.schema';
import {
  dieOvenSchema,
  enlistmentCancelSchema,
  enlistmentChecklistSchema,
  enlistmentCreateSchema,
  enlistmentDetailSchema,
  enlistmentListQuerySchema,
  enlistmentMessages,
  enlistmentOvenInSchema,
  enlistmentOvenOutSchema,
  enlistmentRowSchema,
  enlistmentToolsSchema,
  reservableToolSchema,
} from '../dieshop/die-enlistment.schema';
import { endpoint, idParams } from '../endpoint';

const step = <const P extends string>(path: P, summary: string) =>
  endpoint({
    method: 'PATCH',
    path: `die-enlistment/:id/${path}`,
    access: { page: 'die-preparation' },
    tag: 'dieshop',
    summary,
    params: idParams,
    response: enlistmentDetailSchema,
  });
const stepWith = <const P extends string, const B extends z.ZodType>(path: P, summary: string, body: B) => ({ ...step(path, summary), body });

/**
 * Die preparation (alistamiento, domain.md A2.4): requests for the dies planned orders need, made
 * by hand or from the planning board, and their steps; each step that moves the die goes through
 * the die's life (requested: in stock → enlistment; oven in: → oven; cancelled: → in stock).
 */
export const dieEnlistmentEndpoints = {
  all: endpoint({
    method: 'GET',
    path: 'die-enlistment/all',
    access: { page: 'die-preparation' },
    tag: 'dieshop',
    summary: 'Preparations: open ones by default, overdue first then by the time the die is needed',
    query: enlistmentListQuerySchema,
    response: pagedSchema(enlistmentRowSchema),
  }),
  ovens: endpoint({
    method: 'GET',
    path: 'die-enlistment/ovens',
    access: { page: 'die-preparation' },
    tag: 'dieshop',
    summary: "The company's die ovens (machines of type die-oven)",
    response: z.array(dieOvenSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: 'die-enlistment/:id',
    access: { page: 'die-preparation' },
    tag: 'dieshop',
    summary: 'One preparation with its checklist, oven data and tools',
    params: idParams,
    response: enlistmentDetailSchema,
  }),
  reservableTools: endpoint({
    method: 'GET',
    path: 'die-enlistment/:id/reservable-tools',
    access: { page: 'die-preparation' },
    tag: 'dieshop',
    summary: 'Tools the preparation may reserve: available and compatible with its line',
    params: idParams,
    response: z.array(reservableToolSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: 'die-enlistment',
    access: { page: 'die-preparation' },
    tag: 'dieshop',
    summary:
      "Requests a die's preparation (by hand or for a planned order); the die goes to enlistment. An open correction or overdue nitriding warns or refuses, as the company's enlistment_guard says",
    body: enlistmentCreateSchema,
    // Against the order named: its die, and its due date when no moment is given.
    rules: [
      { field: 'production_order_id', message: enlistmentMessages.orderOtherDie },
      { field: 'needed_at', message: enlistmentMessages.neededAt },
    ],
    response: enlistmentDetailSchema,
  }),
  checklist: stepWith('checklist', 'Ticks or unticks checklist items (the preparation is then being prepared)', enlistmentChecklistSchema),
  tools: endpoint({
    method: 'PUT',
    path: 'die-enlistment/:id/tools',
    access: { page: 'die-preparation' },
    tag: 'dieshop',
    summary: 'The tools the preparation holds: new ones are reserved (in use), the ones left out released (available); a tool is reserved once',
    params: idParams,
    body: enlistmentToolsSchema,
    response: enlistmentDetailSchema,
  }),
  ovenIn: stepWith('oven-in', 'The die enters a die oven (die → oven)', enlistmentOvenInSchema),
  ovenOut: stepWith('oven-out', 'The die leaves the oven with its measured temperature (warned below the minimum)', enlistmentOvenOutSchema),
  ready: step('ready', 'Marks the preparation ready (checklist complete, out of the oven)'),
  deliver: step('deliver', 'Delivers the die to the press; its tools are released'),
  cancel: stepWith('cancel', 'Cancels with a reason: the die goes back to stock, its tools are released', enlistmentCancelSchema),
} as const;
