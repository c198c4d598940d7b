import { pagedSchema } from '../common.schema';
import {
  toolCheckCreateSchema,
  toolCreateSchema,
  toolDetailSchema,
  toolListQuerySchema,
  toolMessages,
  toolSchema,
  toolUpdateSchema,
} from '../dieshop/tool.schema';
import { endpoint, idParams } from '../endpoint';

/** 'In use' is the state a preparation's reservation gives: never set by hand. */
const inUseOnlyByPreparation = { field: 'state', message: toolMessages.inUseByPreparation };

/** The press tooling register (herramental) and its measured checks; preparations reserve the tools. */
export const toolEndpoints = {
  all: endpoint({
    method: 'GET',
    path: 'tool/all',
    access: { page: 'tooling' },
    tag: 'dieshop',
    summary: "A page of the company's tools: filters by kind and state",
    query: toolListQuerySchema,
    response: pagedSchema(toolSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: 'tool/:id',
    access: { page: 'tooling' },
    tag: 'dieshop',
    summary: 'One tool with its checks and the preparations that held it',
    params: idParams,
    response: toolDetailSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: 'tool',
    access: { page: 'tooling' },
    tag: 'dieshop',
    summary: 'Adds a tool to the register',
    body: toolCreateSchema,
    rules: [inUseOnlyByPreparation],
    response: toolDetailSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'tool/:id',
    access: { page: 'tooling' },
    tag: 'dieshop',
    summary: "Changes a tool's data or state ('in use' only through a preparation)",
    params: idParams,
    body: toolUpdateSchema,
    rules: [inUseOnlyByPreparation],
    response: toolDetailSchema,
  }),
  addCheck: endpoint({
    method: 'POST',
    path: 'tool/:id/checks',
    access: { page: 'tooling' },
    tag: 'dieshop',
    summary: "Records a measured check; a dummy block's outer diameter is checked against its nominal plus the growth limit",
    params: idParams,
    body: toolCheckCreateSchema,
    response: toolDetailSchema,
  }),
} as const;
