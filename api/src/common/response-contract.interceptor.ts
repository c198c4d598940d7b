import { type CallHandler, type ExecutionContext, Inject, Injectable, InternalServerErrorException, Logger, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { type AppConfig, APP_CONFIG } from '../config/app-config';
import { endpointOf } from './endpoint.decorator';

/**
 * Checks every answer against its contract's response schema, as JSON (dates as strings), and
 * fails the request with a 500 naming the differences when it does not match. On in the tests
 * (PLANTA_CHECK_RESPONSES=true), so that every API and browser test also proves the contracts
 * the typed client relies on; off in production, where it would only cost time.
 */
@Injectable()
export class ResponseContractInterceptor implements NestInterceptor {
  private readonly logger = new Logger('ResponseContract');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const definition = this.config.checkResponses && context.getType() === 'http' ? endpointOf(context.getHandler()) : undefined;
    if (!definition) return next.handle();
    return next.handle().pipe(
      map((value: unknown) => {
        const wire = value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
        const problem =
          definition.response === null
            ? wire === undefined || wire === null
              ? undefined
              : 'a body was sent where the contract answers 204 without one'
            : definition.response
                .safeParse(wire)
                .error?.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`)
                .join('; ');
        if (problem) {
          this.logger.error(`${definition.method} /api/${definition.path} answered outside its contract: ${problem}`);
          throw new InternalServerErrorException(`Respuesta fuera del contrato de ${definition.method} /api/${definition.path}: ${problem}`);
        }
        return value;
      }),
    );
  }
}
