import { type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { messages } from '@planta/contracts';
import { unavailableBeforeWork } from '../common/db-errors';
import { ACCESS_KEY, type RouteAccess } from '../permissions/route-access.decorators';

/** Every route needs a valid access token unless it is declared public. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const access = this.reflector.getAllAndOverride<RouteAccess>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    if (access === 'public') return true;
    return super.canActivate(context);
  }

  override handleRequest<T>(error: unknown, identity: T, info: unknown): T {
    // An error (not a refusal) comes from looking the caller up: the database out of reach is a
    // 503 the client retries, never a 401 that would end a valid session.
    if (error) throw unavailableBeforeWork(error);
    if (identity) return identity;
    const expired = info instanceof Error && info.name === 'TokenExpiredError';
    throw new UnauthorizedException(expired ? messages.accessTokenExpired : messages.invalidAccessToken);
  }
}
