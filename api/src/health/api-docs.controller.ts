import { Controller, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ApiTags, type OpenAPIObject } from '@nestjs/swagger';
import { healthEndpoints } from '@planta/contracts';
import { Endpoint } from '../common/endpoint.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** The OpenAPI document, built once the app's routes are known (app.factory.ts). */
@Injectable()
export class ApiDocument {
  document?: OpenAPIObject;
}

/**
 * The API's description is for the people who use it, not for anyone who finds the server: the
 * document is served to signed-in callers only, and not at all with API_DOCS=off.
 */
@ApiTags('health')
@Controller()
export class ApiDocsController {
  constructor(
    private readonly apiDocument: ApiDocument,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Endpoint(healthEndpoints.apiDocument)
  document() {
    if (this.config.apiDocs === 'off' || !this.apiDocument.document) throw new NotFoundException();
    return this.apiDocument.document as unknown as { openapi: string; info: { title: string }; paths: Record<string, unknown> };
  }
}
