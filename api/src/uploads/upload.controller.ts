import { Controller, Res, UploadedFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { uploadEndpoints, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import { safeFileName } from '../files/file-name';
import { inlineDisposition } from '../files/stored-file.reply';
import type { UploadedBuffer } from '../files/uploads';
import type { RequestIdentity } from '../tenancy/request-context';
import { UploadConfirmService } from './upload-confirm.service';
import { UploadService } from './upload.service';

/** Bytes the browser shows but never runs: their own type, no sniffing, private to the company's members. */
function sendBytes(response: FastifyReply, contentType: string, data: Buffer, disposition: string) {
  void response
    .status(200)
    .headers({
      'Content-Type': contentType,
      'Content-Length': String(data.length),
      'Cache-Control': 'private, max-age=300',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Content-Disposition': disposition,
    })
    .send(data);
}

@ApiTags('uploads')
@Controller()
export class UploadController {
  constructor(
    private readonly uploads: UploadService,
    private readonly confirmation: UploadConfirmService,
  ) {}

  @Endpoint(uploadEndpoints.upload)
  upload(@Caller() caller: RequestIdentity, @UploadedFile() file: UploadedBuffer | undefined) {
    return this.uploads.upload(caller, file);
  }

  @Endpoint(uploadEndpoints.limit)
  limit() {
    return this.uploads.limit();
  }

  @Endpoint(uploadEndpoints.all)
  all(@Input() { query }: EndpointArgs<typeof uploadEndpoints.all>) {
    return this.uploads.list(query);
  }

  @Endpoint(uploadEndpoints.dieSources)
  dieSources(@Input() { params }: EndpointArgs<typeof uploadEndpoints.dieSources>) {
    return this.uploads.sources('die', params.id);
  }

  @Endpoint(uploadEndpoints.nitridingSources)
  nitridingSources(@Input() { params }: EndpointArgs<typeof uploadEndpoints.nitridingSources>) {
    return this.uploads.sources('nitriding_batch', params.id);
  }

  @Endpoint(uploadEndpoints.get)
  get(@Input() { params }: EndpointArgs<typeof uploadEndpoints.get>) {
    return this.uploads.get(params.id);
  }

  @Endpoint(uploadEndpoints.saveDraft)
  saveDraft(@Input() { params, body }: EndpointArgs<typeof uploadEndpoints.saveDraft>) {
    return this.uploads.saveDraft(params.id, body);
  }

  @Endpoint(uploadEndpoints.confirm)
  confirm(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof uploadEndpoints.confirm>) {
    return this.confirmation.confirm(caller, params.id, body);
  }

  @Endpoint(uploadEndpoints.discard)
  discard(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof uploadEndpoints.discard>) {
    return this.uploads.discard(caller, params.id, body.reason);
  }

  @Endpoint(uploadEndpoints.reprocess)
  reprocess(@Input() { params, body }: EndpointArgs<typeof uploadEndpoints.reprocess>) {
    return this.uploads.reprocess(params.id, body.doc_type);
  }

  @Endpoint(uploadEndpoints.file)
  async file(@Input() { params }: EndpointArgs<typeof uploadEndpoints.file>, @Res() response: FastifyReply) {
    const file = await this.uploads.file(params.id);
    // Made safe again: a name stored before names were made safe on upload may still carry a NUL-split extension.
    sendBytes(response, file.content_type, file.data, inlineDisposition(safeFileName(file.file_name, file.content_type)));
  }

  @Endpoint(uploadEndpoints.page)
  async page(@Input() { params }: EndpointArgs<typeof uploadEndpoints.page>, @Res() response: FastifyReply) {
    const image = await this.uploads.page(params.id, params.page);
    sendBytes(response, image.contentType, image.data, 'inline');
  }
}
