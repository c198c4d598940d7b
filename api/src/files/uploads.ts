import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Injectable,
  mixin,
  type NestInterceptor,
  PayloadTooLargeException,
  type Type,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { MAX_COMPANY_UPLOAD_LIMIT_MB, MAX_REPORT_PHOTOS } from '@planta/contracts';

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

/**
 * Reads a multipart request before the route: the files of `field` (up to `maxCount`) into
 * `request.files` (`many`) or `request.file`, where @UploadedFiles() and @UploadedFile() find
 * them, and the text fields into the body. A request that is not multipart goes on untouched
 * (its JSON body, if any, is already parsed).
 */
function multipartUpload(field: string, maxCount: number, many: boolean): Type<NestInterceptor> {
  @Injectable()
  class MultipartUpload implements NestInterceptor {
    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
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
          if (part.fieldname !== field) {
            part.file.resume();
            throw new BadRequestException(`Archivo no esperado en el campo ${part.fieldname}`);
          }
          // Past `maxCount` the bytes are read and dropped: the kept files are enough for the service's message.
          if (files.length >= maxCount) {
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
      if (many) uploaded.files = files;
      else uploaded.file = files[0];
      return next.handle();
    }
  }
  return mixin(MultipartUpload);
}

/** The `photos` of a record: one more file than allowed is kept so the service can refuse them by name. */
export const photosUpload = () => multipartUpload('photos', MAX_REPORT_PHOTOS + 1, true);

/** One document in `file` (a certificate, a drawing). */
export const documentUpload = () => multipartUpload('file', 1, false);
