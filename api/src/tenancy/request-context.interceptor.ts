import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import { requestContext, type RequestIdentity } from './request-context';

/** Makes the verified caller available to the tenant scope for the whole handling of the request. */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const identity = context.switchToHttp().getRequest<{ user?: RequestIdentity }>().user;
    if (!identity) return next.handle();
    return new Observable((subscriber) => requestContext.run(identity, () => next.handle().subscribe(subscriber)));
  }
}
