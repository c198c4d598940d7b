import {
  applyDecorators,
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Injectable,
  type NestInterceptor,
  PayloadTooLargeException,
  SetMetadata,
} from '@nestjs/common';
import { ApiConsumes } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { MAX_COMPANY_UPLOAD_LIMIT_MB, MAX_REPORT_PHOTOS, type EndpointUpload } from '@planta/contracts';

/** A file as the upload interceptors hand it over (in memory): FilesService stores it. */
export interface UploadedBuffer {
  buffer: Buffer;
  originalname: string;
  mimetype: string;
}

/**
 * Uploads are kept in memory up to just above the largest limit a company may set; the
 * company's own limit is checked by FilesService (with its Spanish message, on the field).
 */
const memoryLimit = MAX_COMPANY_UPLOAD_LIMIT_MB * 1024 * 1024 + 1;

/** What a route receives as files: `maxCount` files of the multipart field `field`, as a list (`many`) or one. */
interface UploadRule {
  field: string;
  maxCount: number;
  many: boolean;
}

const UPLOAD_RULE = Symbol('upload rule');

/** The files a route receives (read by MultipartUploadInterceptor), or none. */
const uploadRuleOf = (handler: object): UploadRule | undefined => Reflect.getMetadata(UPLOAD_RULE, handler) as UploadRule | undefined;

/**
 * Reads a multipart request before the route: the files of its rule's field (up to `maxCount`) into
 * `request.files` (`many`) or `request.file`, where @UploadedFiles() and @UploadedFile() find
 * them, and the text fields into the body. A request that is not multipart goes on untouched
 * (its JSON body, if any, is already parsed). One of the API's interceptors (RequestInterceptors),
 * after the guards, so nothing is read for a caller who may not call the route, and before the
 * idempotency key, whose fingerprint then covers the files.
 */
@Injectable()
export class MultipartUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const rule = context.getType() === 'http' ? uploadRuleOf(context.getHandler()) : undefined;
    if (!rule) return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // Over @fastify/multipart's request.file()/files() readers: Nest's decorators read these properties.
    const uploaded = request as unknown as { file?: UploadedBuffer; files?: UploadedBuffer[] };
    uploaded.file = undefined;
    uploaded.files = undefined;
    if (!request.isMultipart()) return next.handle();
    const files: UploadedBuffer[] = [];
    const fields: Record<string, unknown> = {};
    try {
      for await (const part of request.parts({ limits: { fileSize: memoryLimit } })) {
        if (part.type === 'field') {
          fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== rule.field) {
          part.file.resume();
          throw new BadRequestException(`Archivo no esperado en el campo ${part.fieldname}`);
        }
        // Past `maxCount` the bytes are read and dropped: the kept files are enough for the service's message.
        if (files.length >= rule.maxCount) {
          part.file.resume();
          continue;
        }
        files.push({ buffer: await part.toBuffer(), originalname: part.filename, mimetype: part.mimetype });
      }
    } catch (error) {
      if (error instanceof HttpException) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeException('El archivo es demasiado grande');
      throw new BadRequestException('El formulario enviado no se pudo leer');
    }
    request.body = fields;
    readFiles.set(request, files);
    if (rule.many) uploaded.files = files;
    else uploaded.file = files[0];
    return next.handle();
  }
}

/** The files MultipartUploadInterceptor read of a request (not @fastify/multipart's `file`/`files` readers, there on every request). */
const readFiles = new WeakMap<object, UploadedBuffer[]>();

/** The files a multipart request carried, as MultipartUploadInterceptor read them (none for a route that receives no files). */
export const uploadedFilesOf = (request: object): readonly UploadedBuffer[] => readFiles.get(request) ?? [];

/**
 * The files of a route's contract (`upload`), read by MultipartUploadInterceptor: several (`many`:
 * up to one more than a report takes, so that the service can refuse them by name), in a multipart
 * form or none in JSON; or one, in a multipart form.
 */
export const ReceivesFiles = (upload: EndpointUpload) =>
  applyDecorators(
    SetMetadata(UPLOAD_RULE, { field: upload.field, maxCount: upload.many ? MAX_REPORT_PHOTOS + 1 : 1, many: upload.many ?? false } satisfies UploadRule),
    upload.many ? ApiConsumes('application/json', 'multipart/form-data') : ApiConsumes('multipart/form-data'),
  );
