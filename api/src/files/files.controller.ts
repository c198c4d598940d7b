import { Controller, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { fileEndpoints, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb } from '../tenancy/tenant-db.service';
import { FilesService } from './files.service';
import { sendStoredFile } from './stored-file.reply';

@ApiTags('files')
@Controller()
export class FilesController {
  constructor(
    private readonly files: FilesService,
    private readonly tenantDb: TenantDb,
  ) {}

  @Endpoint(fileEndpoints.limit)
  async limit() {
    return { upload_limit_mb: await this.tenantDb.transaction((scope) => this.files.limitMb(scope)) };
  }

  /** The bytes with their type; a file's content never changes (it is named by its hash), so the browser keeps it. */
  @Endpoint(fileEndpoints.read)
  async read(@Caller() caller: RequestIdentity, @Input() { params }: EndpointArgs<typeof fileEndpoints.read>, @Res() response: FastifyReply) {
    sendStoredFile(response, await this.files.read(caller, params.id));
  }
}
