import { pagedSchema } from '../common.schema';
import {
  dieCleaningDetailSchema,
  dieCleaningFinishSchema,
  dieCleaningListQuerySchema,
  dieCleaningSchema,
  dieCleaningStartSchema,
  dieInCleaningSchema,
} from '../dieshop/die-cleaning.schema';
import { dieConfirmationCreateSchema, dieConfirmationListQuerySchema, dieRunToConfirmSchema } from '../dieshop/die-confirmation.schema';
import { endpoint, idParams } from '../endpoint';

/**
 * Production confirmation (domain.md A2.4, 2.4): the die shop confirms each ended run once, which
 * corrects the die's counters to the confirmed figures and sends the die from the press to cleaning.
 */
export const dieConfirmationEndpoints = {
  all: endpoint({
    method: 'GET',
    path: 'die-confirmation/all',
    access: { page: 'die-production-confirmation' },
    tag: 'dieshop',
    summary: 'Ended runs waiting for confirmation (oldest first), or the confirmed ones (newest first)',
    query: dieConfirmationListQuerySchema,
    response: pagedSchema(dieRunToConfirmSchema),
  }),
  run: endpoint({
    method: 'GET',
    path: 'die-confirmation/run/:id',
    access: { page: 'die-production-confirmation' },
    tag: 'dieshop',
    summary: 'One run (order die) with its figures and its confirmation, if any',
    params: idParams,
    response: dieRunToConfirmSchema,
  }),
  confirm: endpoint({
    method: 'POST',
    path: 'die-confirmation',
    access: { page: 'die-production-confirmation' },
    tag: 'dieshop',
    summary: "Confirms an ended run once: adjusts the die's counters to the confirmed figures and moves the die from the press to cleaning",
    body: dieConfirmationCreateSchema,
    response: dieRunToConfirmSchema,
  }),
} as const;

/** Cleaning: a die in cleaning enters its bath, and the inspection at its end decides where the die goes. */
export const dieCleaningEndpoints = {
  all: endpoint({
    method: 'GET',
    path: 'die-cleaning/all',
    access: { page: 'die-cleaning' },
    tag: 'dieshop',
    summary: 'The dies in cleaning with their open cleaning, or the finished cleanings (newest first)',
    query: dieCleaningListQuerySchema,
    response: pagedSchema(dieInCleaningSchema),
  }),
  die: endpoint({
    method: 'GET',
    path: 'die-cleaning/die/:id',
    access: { page: 'die-cleaning' },
    tag: 'dieshop',
    summary: "One die's cleaning: its open cleaning, how it came off the press and its cleanings' history",
    params: idParams,
    response: dieCleaningDetailSchema,
  }),
  start: endpoint({
    method: 'POST',
    path: 'die-cleaning',
    access: { page: 'die-cleaning' },
    tag: 'dieshop',
    summary: 'Starts the cleaning of a die in cleaning (method, bath, operator, time in)',
    body: dieCleaningStartSchema,
    response: dieCleaningSchema,
  }),
  finish: endpoint({
    method: 'PATCH',
    path: 'die-cleaning/:id',
    access: { page: 'die-cleaning' },
    tag: 'dieshop',
    summary:
      'Finishes a cleaning with its inspection (JSON, or multipart with `photos`): ok → stock, correction, nitriding, or scrap (delete on dies, with a reason)',
    params: idParams,
    body: dieCleaningFinishSchema,
    upload: { field: 'photos', many: true },
    response: dieCleaningSchema,
  }),
} as const;
