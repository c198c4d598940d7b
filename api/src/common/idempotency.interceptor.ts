import { createHash } from 'node:crypto';
import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  type NestInterceptor,
  UnprocessableEntityException,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Observable, of } from 'rxjs';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  IDEMPOTENT_WRITE_METHODS,
  idempotencyMessages,
  isIdempotencyKey,
} from '@planta/contracts';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb } from '../tenancy/tenant-db.service';
import { uploadedFilesOf } from '../files/uploads';
import { apiErrorBody } from './api-error';

/** How long a repetition waits for the first request with its key to answer before it is told to come back. */
export const IDEMPOTENCY_WAIT_MS = 10_000;
const POLL_MS = 100;
/**
 * A claim older than this whose request never answered (its process died mid-request) is taken
 * over by the next request with the key: longer than any request of this API takes.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 120;

const WRITES = new Set<string>(IDEMPOTENT_WRITE_METHODS);

interface StoredAnswer {
  status: number;
  body: unknown;
}

type Claim = { kind: 'owner'; id: string } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'mismatch' } | { kind: 'busy' } | { kind: 'gone' };

/** JSON with the keys of every object sorted: the same content gives the same text whatever the order it was sent in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .filter((key) => record[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What makes two requests "the same": method, path with its query, and the content. A JSON body is
 * compared by its content; a multipart one by its text fields and each file's name, type and
 * bytes (MultipartUploadInterceptor has read them before this interceptor); any other by its
 * media type.
 */
export function requestFingerprint(request: Pick<FastifyRequest, 'method' | 'originalUrl' | 'body' | 'headers'>): string {
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  const hash = createHash('sha256').update(`${request.method}\n${request.originalUrl}\n`);
  if (type === 'application/json' || type.endsWith('+json')) return hash.update(canonical(request.body)).digest('hex');
  if (type !== 'multipart/form-data') return hash.update(type).digest('hex');
  hash.update(`${type}\n${canonical(request.body)}`);
  for (const file of uploadedFilesOf(request)) hash.update(`\n${canonical([file.originalname, file.mimetype, file.buffer.length])}\n`).update(file.buffer);
  return hash.digest('hex');
}

/** An answer body as sent (an object, a JSON text, nothing) in the form it is stored and replayed. */
function storedBody(body: unknown): unknown {
  if (body === undefined || body === null || body === '') return null;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    const text = String(body);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return body;
}

/**
 * Answers a request is kept for. A server failure (5xx), a timeout or a rate limit is not: the
 * key is released, so that sending the request again executes it (it changed nothing, its
 * transaction having failed).
 */
const keepsAnswer = (status: number) => status < 500 && status !== HttpStatus.REQUEST_TIMEOUT && status !== HttpStatus.TOO_MANY_REQUESTS;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `Idempotency-Key` (issue 17): a signed-in POST, PUT or PATCH carrying the header is executed
 * once per key, company and user. The key's row is inserted before the route runs (a unique
 * constraint in PostgreSQL, so that API processes sharing the database agree); the first request
 * executes and its answer (status and JSON body) is stored; a later one with the key gets that
 * answer again (header `Idempotent-Replayed: true`) and executes nothing. One arriving while the
 * first still runs waits for its answer (up to IDEMPOTENCY_WAIT_MS, then 409 with Retry-After).
 * The same key on another method, path or body is refused with 422. Keys live
 * IDEMPOTENCY_KEY_TTL_HOURS; each new key clears the company's expired ones. Rows are company data
 * (row-level security), reached through the tenant scope of the caller's company.
 *
 * Registered after the request context and before the response-contract check, so that a
 * replayed answer (which may be a stored 4xx) is not checked as a success again.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  constructor(private readonly tenantDb: TenantDb) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest & { user?: RequestIdentity }>();
    const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    // Reads and deletes are idempotent by nature; routes without a signed-in caller have no scope for keys.
    if (header === undefined || !WRITES.has(request.method) || !request.user) return next.handle();
    if (!isIdempotencyKey(header)) throw new BadRequestException(idempotencyMessages.invalidKey);
    const identity = request.user;
    const key = header.toLowerCase();
    const fingerprint = requestFingerprint(request);
    const response = http.getResponse<FastifyReply>();

    const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
    for (;;) {
      const claim = await this.claim(identity, key, request, fingerprint);
      if (claim.kind === 'owner') return this.execute(request, identity, claim.id, next);
      if (claim.kind === 'replay') return this.replay(response, claim.answer);
      if (claim.kind === 'mismatch') throw new UnprocessableEntityException(idempotencyMessages.mismatch);
      if (claim.kind === 'busy' && Date.now() >= deadline) {
        throw new HttpException({ ...apiErrorBody(HttpStatus.CONFLICT, idempotencyMessages.inProgress), retryAfter: 1 }, HttpStatus.CONFLICT);
      }
      // 'gone': the first request failed and released the key; this one may claim it now.
      if (claim.kind === 'busy') await sleep(POLL_MS);
    }
  }

  /** Inserts the key (this request executes) or reads the row a request with the same key left. */
  private claim(identity: RequestIdentity, key: string, request: FastifyRequest, fingerprint: string): Promise<Claim> {
    return this.tenantDb.transaction(async ({ manager, companyId }) => {
      await manager.query(`delete from idempotency_key where company_id = $1 and expires_at < now()`, [companyId]);
      const inserted: { id: string }[] = await manager.query(
        `insert into idempotency_key (company_id, user_id, key, method, path, fingerprint, expires_at)
         values ($1, $2, $3, $4, $5, $6, now() + make_interval(hours => $7))
         on conflict (company_id, user_id, key) do nothing
         returning id`,
        [companyId, identity.userId, key, request.method, request.originalUrl.slice(0, 2000), fingerprint, IDEMPOTENCY_KEY_TTL_HOURS],
      );
      if (inserted.length > 0) return { kind: 'owner', id: String(inserted[0].id) };
      const [row]: { id: string; fingerprint: string; response_status: number | null; response_body: unknown; stale: boolean }[] = await manager.query(
        `select id, fingerprint, response_status, response_body, claimed_at < now() - make_interval(secs => $4) as stale
           from idempotency_key where company_id = $1 and user_id = $2 and key = $3
           for update`,
        [companyId, identity.userId, key, IDEMPOTENCY_LEASE_SECONDS],
      );
      if (!row) return { kind: 'gone' };
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (row.response_status !== null) return { kind: 'replay', answer: { status: row.response_status, body: row.response_body } };
      if (!row.stale) return { kind: 'busy' };
      // The request that claimed the key never answered (its process died): this one takes over.
      this.logger.warn(`Key ${key} of user ${identity.userId} claimed ${IDEMPOTENCY_LEASE_SECONDS} s ago without an answer: executing again`);
      await manager.query(`update idempotency_key set claimed_at = now() where id = $1`, [row.id]);
      return { kind: 'owner', id: String(row.id) };
    }, identity.companyId);
  }

  /** The requests executing with a key, until their answer is kept (onSend). */
  private readonly executing = new WeakMap<FastifyRequest, { companyId: number; id: string }>();

  /**
   * Runs the route; its answer, whatever produces it (the route's result, or the exception
   * filter's error), is kept by onSend before it is sent, so that a client that has it and sends
   * the request again finds the stored answer, not a claim in progress.
   */
  private execute(request: FastifyRequest, identity: RequestIdentity, id: string, next: CallHandler): Observable<unknown> {
    this.executing.set(request, { companyId: identity.companyId, id });
    return next.handle();
  }

  /** The server's onSend hook: stores the answer of a request that executed with a key, then lets it go out. */
  readonly onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const executing = this.executing.get(request);
    if (!executing) return payload;
    this.executing.delete(request);
    await this.settle(executing.companyId, executing.id, reply.statusCode, storedBody(payload));
    return payload;
  };

  /** Stores the answer of the key's request, or releases the key when the answer is not one to repeat. */
  private async settle(companyId: number, id: string, status: number, body: unknown): Promise<void> {
    try {
      await this.tenantDb.transaction(async ({ manager }) => {
        if (keepsAnswer(status)) {
          await manager.query(`update idempotency_key set response_status = $2, response_body = $3::json, completed_at = now() where id = $1`, [
            id,
            status,
            body === null ? null : JSON.stringify(body),
          ]);
        } else {
          await manager.query(`delete from idempotency_key where id = $1`, [id]);
        }
      }, companyId);
    } catch (error) {
      // The answer still goes out; a repetition finds the claim and, after the lease, executes again.
      this.logger.error(`Could not keep the answer of idempotency key ${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The stored answer again, with its own status (not the route's success status) and nothing executed. */
  private replay(response: FastifyReply, answer: StoredAnswer): Observable<unknown> {
    response.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    response.code(answer.status);
    // Nest sets the route's success status when it sends the value below: the stored one stands.
    response.status = (() => response) as FastifyReply['status'];
    return of(answer.body);
  }
}
