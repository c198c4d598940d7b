import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { RequestIdentity } from '../tenancy/request-context';

/** The verified caller of a signed-in route (set by JwtAuthGuard). */
export const Caller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): RequestIdentity => context.switchToHttp().getRequest<{ user: RequestIdentity }>().user,
);
