import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import type { RequestIdentity } from '../tenancy/request-context';
import { sharedProjection } from './share-projection';

/**
 * A share-link guest's answers are the shared projection of the record (share-projection.ts), on
 * every route it may call: the routes only read, and none can forget to leave out what the link's
 * creator did not choose to show.
 */
@Injectable()
export class ShareProjectionInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const share = context.getType() === 'http' ? context.switchToHttp().getRequest<{ user?: RequestIdentity }>().user?.share : undefined;
    if (!share) return next.handle();
    const shows = { discussion: share.includeDiscussion, names: share.includeNames };
    // As JSON, the way it is sent: entities and dates as the client reads them. A file sent by the route itself answers nothing here.
    return next.handle().pipe(map((value: unknown) => (value === undefined ? value : sharedProjection(JSON.parse(JSON.stringify(value)), shows))));
  }
}
