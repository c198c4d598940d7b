import { z } from 'zod';
import { pagedSchema } from '../common.schema';
import { dieFindQuerySchema, dieSchema } from '../die.schema';
import { dieSummarySchema } from '../dieshop/die-summary.schema';
import {
  dieCopyCreateSchema,
  dieCopySchema,
  dieCopyUpdateSchema,
  dieHistorySchema,
  dieInventoryQuerySchema,
  dieMoveSchema,
  dieScrapSchema,
  dieshopSettingsSchema,
  dieshopSettingsUpdateSchema,
} from '../dieshop/die-copy.schema';
import { endpoint, idParams } from '../endpoint';

/**
 * The die copies: spec 7's `die/all` (the inventory, with filters) and `die/find`, reception, edits,
 * the die shop's moves of domain.md A2.2, scrapping (the leads': delete grant), the log and the
 * summary; `company_id`, when given, must be the active company.
 */
export const dieEndpoints = {
  all: endpoint({
    method: 'GET',
    path: 'die/all',
    access: { page: 'dies' },
    tag: 'dieshop',
    summary: "A page of the company's die copies: filters by state, type, location, profile and nitriding due",
    query: dieInventoryQuerySchema,
    response: pagedSchema(dieCopySchema),
  }),
  find: endpoint({
    method: 'GET',
    path: 'die/find',
    access: { page: 'dies' },
    tag: 'dieshop',
    summary: 'Die copies whose reference starts with the text (chat @mentions)',
    query: dieFindQuerySchema,
    response: z.array(dieSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: 'die/:id',
    access: { page: 'dies' },
    tag: 'dieshop',
    summary: 'One die copy with its counters and what is due',
    params: idParams,
    response: dieCopySchema,
  }),
  create: endpoint({
    method: 'POST',
    path: 'die',
    access: { page: 'dies' },
    tag: 'dieshop',
    summary: "A die copy received (state 'new'), logged as its reception",
    body: dieCopyCreateSchema,
    response: dieCopySchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'die/:id',
    access: { page: 'dies' },
    tag: 'dieshop',
    summary: "Changes a die copy's data (not its reference, copy or state)",
    params: idParams,
    body: dieCopyUpdateSchema,
    response: dieCopySchema,
  }),
  move: endpoint({
    method: 'PATCH',
    path: 'die/:id/state',
    access: { page: 'dies' },
    tag: 'dieshop',
    summary: 'Moves a die copy to another state; an illegal move is refused with the reason',
    params: idParams,
    body: dieMoveSchema,
    response: dieCopySchema,
  }),
  scrap: endpoint({
    method: 'DELETE',
    path: 'die/:id',
    access: { page: 'dies' },
    tag: 'dieshop',
    summary: 'Scraps a die copy (de baja) with a reason; the copy and its history stay',
    params: idParams,
    body: dieScrapSchema,
    response: dieCopySchema,
    status: 200,
  }),
  history: endpoint({
    method: 'GET',
    path: 'die/:id/events',
    access: { page: 'dies' },
    shareable: { type: 'die-summary', param: 'id' },
    tag: 'dieshop',
    summary: "The die's log, newest first, and the time it spent in each state",
    params: idParams,
    response: dieHistorySchema,
  }),
  summary: endpoint({
    method: 'GET',
    path: 'die/:id/summary',
    access: { page: 'dies' },
    shareable: { type: 'die-summary', param: 'id' },
    tag: 'dieshop',
    summary: 'The die summary: the copy and its life, profile, production per run and line, nitridings, corrections, log and documents',
    params: idParams,
    response: dieSummarySchema,
  }),
} as const;

/** The die shop's settings (domain.md E): whoever may change the company (administration) changes them. */
export const dieshopSettingsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: 'dieshop-settings',
    access: { page: 'dies' },
    tag: 'dieshop',
    summary: "The company's die-shop settings and die families' thresholds",
    response: dieshopSettingsSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: 'dieshop-settings',
    access: { page: 'companies' },
    tag: 'dieshop',
    summary: "Changes the company's die-shop settings and die families' thresholds",
    body: dieshopSettingsUpdateSchema,
    response: dieshopSettingsSchema,
  }),
} as const;
