import { z } from 'zod';
import { pagedSchema } from '../common.schema';
import { bestCopySchema, nitridingForecastSchema } from '../dieshop/die-forecast.schema';
import {
  dieNitridingSchema,
  nitridingBatchCreateSchema,
  nitridingBatchDetailSchema,
  nitridingBatchQuerySchema,
  nitridingBatchSchema,
  nitridingCandidateSchema,
  nitridingCertificateSchema,
  nitridingConfirmSchema,
  nitridingMessages,
  nitridingReceiveSchema,
} from '../dieshop/nitriding.schema';
import { endpoint, idParams } from '../endpoint';

const nitriding = { page: 'die-nitriding' } as const;

/** Nitriding batches (domain.md A2.4 workflow 4): made, sent, received with the certificate, confirmed die by die. */
export const nitridingBatchEndpoints = {
  all: endpoint({
    method: 'GET',
    path: 'nitriding-batch/all',
    access: nitriding,
    tag: 'dieshop',
    summary: "A page of the company's nitriding batches, newest first; filter by status",
    query: nitridingBatchQuerySchema,
    response: pagedSchema(nitridingBatchSchema),
  }),
  candidates: endpoint({
    method: 'GET',
    path: 'nitriding-batch/candidates',
    access: nitriding,
    tag: 'dieshop',
    summary: 'Dies that may go in a new batch: waiting in nitriding outside an open batch, and in-stock dies whose nitriding is near or past',
    response: z.array(nitridingCandidateSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: 'nitriding-batch/:id',
    access: nitriding,
    tag: 'dieshop',
    summary: 'A batch with its dies, their counters when sent and their confirmation',
    params: idParams,
    response: nitridingBatchDetailSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: 'nitriding-batch',
    access: nitriding,
    tag: 'dieshop',
    summary: "Makes and sends a batch (NT-AAAA-nnnn): in-stock dies go to nitriding; each die's counters since nitriding are kept",
    body: nitridingBatchCreateSchema,
    rules: [{ field: 'expected_at', message: nitridingMessages.expectedBeforeSent }],
    response: nitridingBatchDetailSchema,
  }),
  receive: endpoint({
    method: 'POST',
    path: 'nitriding-batch/:id/receive',
    access: nitriding,
    tag: 'dieshop',
    summary: "Marks a sent batch received, with its certificate's number",
    params: idParams,
    body: nitridingReceiveSchema,
    response: nitridingBatchDetailSchema,
    status: 200,
  }),
  certificate: endpoint({
    method: 'POST',
    path: 'nitriding-batch/:id/certificate',
    access: nitriding,
    tag: 'dieshop',
    summary: "Attaches the certificate (multipart: `certificate_number`, `file`, a PDF or a photo within the company's upload limit)",
    params: idParams,
    body: nitridingCertificateSchema,
    upload: { field: 'file' },
    response: nitridingBatchDetailSchema,
    status: 200,
  }),
  confirm: endpoint({
    method: 'POST',
    path: 'nitriding-batch/:id/die/:dieId',
    access: nitriding,
    tag: 'dieshop',
    summary:
      'Confirms one die of a received batch: hardness and case depth; accepted resets its counters since nitriding and returns it to stock, rejected keeps it in nitriding',
    params: z.object({ id: idParams.shape.id, dieId: idParams.shape.id }),
    body: nitridingConfirmSchema,
    response: nitridingBatchDetailSchema,
    status: 200,
  }),
  dieHistory: endpoint({
    method: 'GET',
    path: 'die/:id/nitridings',
    access: { page: 'dies' },
    shareable: { type: 'die-summary', param: 'id' },
    tag: 'dieshop',
    summary: "A die's nitridings, oldest first: number, dates, supplier, hardness, depth and kg and billets between nitridings",
    params: idParams,
    response: z.array(dieNitridingSchema),
  }),
} as const;

/** The plan's forecast and best copy (domain.md C1, C2), read by the planning board. */
export const dieForecastEndpoints = {
  forecast: endpoint({
    method: 'GET',
    path: 'planning-board/nitriding-forecast',
    access: { page: 'planning-board' },
    tag: 'dieshop',
    summary: "The die copies that reach their nitriding limit along the board's in-press and planned orders, and the order at which they do",
    response: z.array(nitridingForecastSchema),
  }),
  bestCopy: endpoint({
    method: 'GET',
    path: 'planning-board/best-copy/:id',
    access: { page: 'planning-board' },
    tag: 'dieshop',
    summary: "The copies of an order's die reference ranked for it (availability, headroom to nitriding, recovery, kg/h, corrections), with the reasons",
    params: idParams,
    response: bestCopySchema,
  }),
} as const;
