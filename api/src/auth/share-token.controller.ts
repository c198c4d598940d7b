import { Body, Controller, Delete, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { createZodDto } from 'nestjs-zod';
import { createShareTokenRequestSchema, type ShareTokenResponse } from '@planta/contracts';
import { IdPipe } from '../common/id.pipe';
import { SignedIn } from '../permissions/route-access.decorators';
import type { RequestIdentity } from '../tenancy/request-context';
import { ShareTokenService } from './share-token.service';

class CreateShareTokenDto extends createZodDto(createShareTokenRequestSchema) {}

/** Share links: the permission needed depends on the resource shared, so the service checks it. */
@ApiTags('auth')
@Controller('share-token')
export class ShareTokenController {
  constructor(private readonly shareTokens: ShareTokenService) {}

  @SignedIn()
  @Post()
  create(@Body() body: CreateShareTokenDto, @Req() request: Request & { user: RequestIdentity }): Promise<ShareTokenResponse> {
    return this.shareTokens.create(request.user, body);
  }

  @SignedIn()
  @Delete(':id')
  @HttpCode(204)
  revoke(@Param('id', IdPipe) id: number, @Req() request: Request & { user: RequestIdentity }): Promise<void> {
    return this.shareTokens.revoke(request.user, id);
  }
}
