import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { endpointOf, keepInput, validatedInput } from './endpoint.decorator';

/**
 * Checks every route's input against its contract before the route runs (`validatedInput`: path,
 * query and body; query parameters it does not declare refused), whether or not the handler reads
 * it, and keeps it for `@Input()`.
 */
@Injectable()
export class InputInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const definition = context.getType() === 'http' ? endpointOf(context.getHandler()) : undefined;
    if (definition) {
      const request = context.switchToHttp().getRequest<FastifyRequest>();
      keepInput(request, validatedInput(definition, request));
    }
    return next.handle();
  }
}
