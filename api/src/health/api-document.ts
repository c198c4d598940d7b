import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { apiErrorSchema, REQUEST_RULES } from '@planta/contracts';
import { API_ERROR_SCHEMA, openApiSchema } from '../common/endpoint.decorator';

const DESCRIPTION = [
  'Back-office API of the extrusion plant portal. Schemas come from @planta/contracts.',
  '',
  'Every error is one JSON shape (`ApiError`): `statusCode`, a Spanish `message`, `error`, and `fields` (field → message) when it is about the input.',
  'Each operation lists the statuses it may answer. Besides those, a method a path does not answer is refused with 405 and the methods it does in `Allow`.',
  'Query parameters an operation does not declare are refused (400, on their name).',
  '`x-planta-rules` lists the refusals (400 on a field) that input following the schemas may still meet: a rule with its message, or a reference, an id that must name a record of the active company this call may use.',
  'Those of every request are listed once, at the root of this document (`*`: any field, even one no schema lists).',
].join('\n');

/** The OpenAPI document of the app's routes (each operation's entry comes from its contract, endpoint.decorator.ts), with the one error shape. */
export function buildApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle('Planta API').setDescription(DESCRIPTION).setVersion('1').addBearerAuth().build(),
  );
  Object.assign(document, { 'x-planta-rules': REQUEST_RULES });
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, [API_ERROR_SCHEMA]: openApiSchema(apiErrorSchema, 'output') },
  };
  return document;
}
