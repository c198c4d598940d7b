import { Controller, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { userEndpoints, type EndpointArgs } from '@planta/contracts';
import { Endpoint, Input } from '../common/endpoint.decorator';
import { AccessLinkService } from './access-link.service';

/** The pages a one-time link opens (issue 36): an invitation to a company, a password reset. */
@ApiTags('auth')
@Controller()
export class AccessLinkController {
  constructor(private readonly links: AccessLinkService) {}

  @Endpoint(userEndpoints.invitationPreview)
  invitationPreview(@Input() { body }: EndpointArgs<typeof userEndpoints.invitationPreview>) {
    return this.links.previewInvitation(body.token);
  }

  @Endpoint(userEndpoints.acceptInvitation)
  acceptInvitation(@Input() { body }: EndpointArgs<typeof userEndpoints.acceptInvitation>, @Req() request: FastifyRequest) {
    return this.links.acceptInvitation(body, request.ip ?? 'unknown');
  }

  @Endpoint(userEndpoints.passwordResetPreview)
  passwordResetPreview(@Input() { body }: EndpointArgs<typeof userEndpoints.passwordResetPreview>) {
    return this.links.previewPasswordReset(body.token);
  }

  @Endpoint(userEndpoints.completePasswordReset)
  completePasswordReset(@Input() { body }: EndpointArgs<typeof userEndpoints.completePasswordReset>, @Req() request: FastifyRequest) {
    return this.links.completePasswordReset(body, request.ip ?? 'unknown');
  }
}
