import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { defer, mergeAll, type Observable } from 'rxjs';
import { ShareProjectionInterceptor } from '../auth/share-projection.interceptor';
import { MultipartUploadInterceptor } from '../files/uploads';
import { RequestContextInterceptor } from '../tenancy/request-context.interceptor';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { InputInterceptor } from './input.interceptor';
import { ResponseContractInterceptor } from './response-contract.interceptor';

/**
 * The API's interceptors, registered with Nest as one, run in this order: the caller's context
 * for the tenant scope; the files of a route that receives some (multipart), read before the
 * idempotency key so that its fingerprint covers them; then the idempotency key (issue 17), before
 * the contract check, so that a replayed answer is sent as it was stored; then the input, checked
 * against the route's contract for every route; then the response contract; innermost, the shared
 * projection of a share-link guest's answers (issue 36), so that the contract check sees what the
 * guest receives.
 *
 * Why one: Nest wraps each registered interceptor's `next` in `AsyncResource.bind()`, which on
 * Node 20 builds a deprecation wrapper every time (DEP0172, nodejs/node#58218). With them
 * registered apart that was 6 % of the CPU of a bare request (profile of issue 18); chained here,
 * a request pays for one. Each `next.handle()` is still called inside the previous interceptor,
 * so the async context it set (the caller) reaches the route as before.
 */
@Injectable()
export class RequestInterceptors implements NestInterceptor {
  private readonly chain: readonly NestInterceptor[];

  constructor(
    context: RequestContextInterceptor,
    uploads: MultipartUploadInterceptor,
    idempotency: IdempotencyInterceptor,
    input: InputInterceptor,
    contract: ResponseContractInterceptor,
    shareProjection: ShareProjectionInterceptor,
  ) {
    this.chain = [context, uploads, idempotency, input, contract, shareProjection];
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const handlerFrom = (index: number): CallHandler =>
      index === this.chain.length
        ? next
        : // An interceptor may answer with a promise of its observable (the idempotency one does).
          { handle: () => defer(async () => this.chain[index].intercept(context, handlerFrom(index + 1))).pipe(mergeAll()) };
    return handlerFrom(0).handle();
  }
}
