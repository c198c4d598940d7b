import { pagedSchema } from '../common.schema';
import { endpoint, fileResponse, idParams } from '../endpoint';
import { UPLOAD_CONTENT_TYPES } from '../uploads/upload.schema';
import {
  failureReportAcceptSchema,
  failureReportCreateSchema,
  failureReportDetailSchema,
  failureReportDuplicateSchema,
  failureReportListQuerySchema,
  failureReportPatchSchema,
  failureReportRejectSchema,
  failureReportRowSchema,
  DOCUMENT_CONTENT_TYPES,
  uploadLimitSchema,
} from '../maintenance/failure-report.schema';
import {
  machineStopCreateSchema,
  machineStopListQuerySchema,
  machineStopMessages,
  machineStopPatchSchema,
  machineStopSchema,
} from '../maintenance/machine-stop.schema';

/** Stored files (photos, attachments): read back by members of the company that stored them. */
export const fileEndpoints = {
  limit: endpoint({
    method: 'GET',
    path: 'file/limit',
    access: { page: 'failure-damage-report' },
    tag: 'files',
    summary: "The active company's upload limit in MB",
    response: uploadLimitSchema,
  }),
  read: endpoint({
    method: 'GET',
    path: 'file/:id',
    access: 'signed-in',
    tag: 'files',
    summary:
      'A stored file of the active company, for a member who may read a record using it, with its content type (cached for good: its content never changes)',
    params: idParams,
    /** The bytes themselves: a photo, a document kept with a record, or an uploaded document. */
    response: fileResponse([...new Set([...DOCUMENT_CONTENT_TYPES, ...Object.values(UPLOAD_CONTENT_TYPES)])], 'The stored bytes, with their content type'),
  }),
} as const;

const reports = { page: 'failure-damage-report' } as const;

/** Failure and damage reports (issue 12, domain.md A1.1). */
export const failureReportEndpoints = {
  all: endpoint({
    method: 'GET',
    path: 'failure-damage-report/all',
    access: reports,
    tag: 'maintenance',
    summary: 'A page of failure and damage reports, newest first: search number, description or machine; filter status, machine, kind, severity, mine',
    query: failureReportListQuerySchema,
    response: pagedSchema(failureReportRowSchema),
  }),
  detail: endpoint({
    method: 'GET',
    path: 'failure-damage-report/:id',
    access: reports,
    tag: 'maintenance',
    summary: 'A report with its photos, machine, reviewer, work order and stop',
    params: idParams,
    response: failureReportDetailSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: 'failure-damage-report',
    access: reports,
    tag: 'maintenance',
    summary: 'Report a failure or damage (JSON, or multipart with `photos`); a stopped machine opens a stop; the leads are notified',
    body: failureReportCreateSchema,
    upload: { field: 'photos', many: true },
    response: failureReportDetailSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'failure-damage-report/:id',
    access: reports,
    tag: 'maintenance',
    summary: 'Change a new or in-review report (its reporter or a lead)',
    params: idParams,
    body: failureReportPatchSchema,
    response: failureReportDetailSchema,
  }),
  review: endpoint({
    method: 'POST',
    path: 'failure-damage-report/:id/review',
    access: { page: 'corrective-maintenance' },
    tag: 'maintenance',
    summary: 'A lead takes a new report into review',
    params: idParams,
    response: failureReportDetailSchema,
    status: 200,
  }),
  accept: endpoint({
    method: 'POST',
    path: 'failure-damage-report/:id/accept',
    access: { page: 'corrective-maintenance' },
    tag: 'maintenance',
    summary: 'A lead accepts a report: creates its corrective work order (optionally assigned), links its stop',
    params: idParams,
    body: failureReportAcceptSchema,
    response: failureReportDetailSchema,
    status: 200,
  }),
  reject: endpoint({
    method: 'POST',
    path: 'failure-damage-report/:id/reject',
    access: { page: 'corrective-maintenance' },
    tag: 'maintenance',
    summary: 'A lead rejects a report with a reason',
    params: idParams,
    body: failureReportRejectSchema,
    response: failureReportDetailSchema,
    status: 200,
  }),
  duplicate: endpoint({
    method: 'POST',
    path: 'failure-damage-report/:id/duplicate',
    access: { page: 'corrective-maintenance' },
    tag: 'maintenance',
    summary: 'A lead marks a report as a duplicate of another one',
    params: idParams,
    body: failureReportDuplicateSchema,
    response: failureReportDetailSchema,
    status: 200,
  }),
} as const;

const stops = { page: 'maintenance-dashboard' } as const;

/** Stops (paros) of machines. */
export const machineStopEndpoints = {
  all: endpoint({
    method: 'GET',
    path: 'machine-stop/all',
    access: stops,
    tag: 'maintenance',
    summary: 'A page of stops, newest first: filter machine, open, period (from/to), cause',
    query: machineStopListQuerySchema,
    response: pagedSchema(machineStopSchema),
  }),
  detail: endpoint({
    method: 'GET',
    path: 'machine-stop/:id',
    access: stops,
    tag: 'maintenance',
    summary: 'A stop',
    params: idParams,
    response: machineStopSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: 'machine-stop',
    access: { page: 'corrective-maintenance' },
    tag: 'maintenance',
    summary: 'Enter a stop by hand (never overlapping another stop of the machine)',
    body: machineStopCreateSchema,
    // Against the clock and, with no start given, against now.
    rules: [
      { field: 'started_at', message: machineStopMessages.future },
      { field: 'ended_at', message: machineStopMessages.endBeforeStart },
    ],
    response: machineStopSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'machine-stop/:id',
    access: { page: 'corrective-maintenance' },
    tag: 'maintenance',
    summary: 'Change or close a stop; closing the last open one returns a down machine to operating',
    params: idParams,
    body: machineStopPatchSchema,
    // Against the stop's stored start and the clock.
    rules: [
      { field: 'ended_at', message: machineStopMessages.endBeforeStart },
      { field: 'ended_at', message: machineStopMessages.futureEnd },
    ],
    response: machineStopSchema,
  }),
} as const;
