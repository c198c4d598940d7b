import { z } from 'zod';
import { pagedSchema } from '../common.schema';
import { correctionRecordDetailSchema, correctionReportDetailSchema, dieAllQuerySchema, dieFindQuerySchema, dieSchema, dieSummarySchema } from '../die.schema';
import { endpoint, idParams } from '../endpoint';

/** Spec 7 die calls; `company_id`, when given, must be the active company. */
export const dieEndpoints = {
  all: endpoint({
    method: 'GET',
    path: 'die/all',
    access: { page: 'dies' },
    tag: 'dieshop',
    summary: "A page of the company's die copies, by reference and copy",
    query: dieAllQuerySchema,
    response: pagedSchema(dieSchema),
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
  summary: endpoint({
    method: 'GET',
    path: 'die/:id',
    access: { page: 'dies' },
    shareable: { type: 'die-summary', param: 'id' },
    tag: 'dieshop',
    summary: 'The die summary with its correction history',
    params: idParams,
    response: dieSummarySchema,
  }),
} as const;

export const correctionEndpoints = {
  record: endpoint({
    method: 'GET',
    path: 'correction-record/:id',
    access: { page: 'correction-records' },
    shareable: { type: 'correction-record', param: 'id' },
    tag: 'dieshop',
    summary: 'A correction record with its die and reports',
    params: idParams,
    response: correctionRecordDetailSchema,
  }),
  report: endpoint({
    method: 'GET',
    path: 'correction-report/:id',
    access: { page: 'correction-reports' },
    shareable: { type: 'correction-report', param: 'id' },
    tag: 'dieshop',
    summary: 'A correction report with its record and die',
    params: idParams,
    response: correctionReportDetailSchema,
  }),
} as const;
