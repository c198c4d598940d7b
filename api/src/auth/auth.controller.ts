import { BadRequestException, Body, Controller, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { authEndpoints, userEndpoints, issuesToFields, messages, registerRequestSchema, registrationFieldCodes, type EndpointArgs } from '@planta/contracts';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { toUser, UsersService } from '../users/users.service';
import { AuthService } from './auth.service';
import { RegistrationPolicyService } from './registration-policy.service';
import { ShareTokenService } from './share-token.service';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly shareTokens: ShareTokenService,
    private readonly users: UsersService,
    private readonly registrationPolicy: RegistrationPolicyService,
  ) {}

  @Endpoint(authEndpoints.login)
  login(@Input() { body }: EndpointArgs<typeof authEndpoints.login>, @Req() request: FastifyRequest) {
    return this.auth.login(body, request.ip ?? 'unknown');
  }

  @Endpoint(authEndpoints.tokenSignIn)
  tokenSignIn(@Input() { body }: EndpointArgs<typeof authEndpoints.tokenSignIn>) {
    return this.auth.tokenSignIn(body);
  }

  @Endpoint(authEndpoints.shareSignIn)
  shareSignIn(@Input() { body }: EndpointArgs<typeof authEndpoints.shareSignIn>) {
    return this.shareTokens.signIn(body.token);
  }

  @Endpoint(authEndpoints.registration)
  registration() {
    return this.registrationPolicy.policy();
  }

  @Endpoint(authEndpoints.invite)
  async invite(@Input() { body }: EndpointArgs<typeof authEndpoints.invite>) {
    const invitation = await this.registrationPolicy.invite(body.days, body.note);
    return { ...invitation, link: `/register?invitation=${invitation.code}` };
  }

  /** Validated here rather than by @Input() so that field errors carry their spec 8 codes. */
  @Endpoint(authEndpoints.register)
  async register(@Body() body: unknown, @Req() request: FastifyRequest) {
    const parsed = registerRequestSchema.safeParse(body);
    if (!parsed.success) {
      const fields = issuesToFields(parsed.error.issues);
      const codes = Object.fromEntries(Object.keys(fields).flatMap((field) => (registrationFieldCodes[field] ? [[field, registrationFieldCodes[field]]] : [])));
      throw new BadRequestException({ message: Object.values(fields)[0] ?? messages.validationFailed, fields, codes });
    }
    await this.registrationPolicy.admit(request.ip ?? 'unknown', parsed.data.invitation);
    return this.auth.register(parsed.data);
  }

  @Endpoint(userEndpoints.changePassword)
  changePassword(@Input() { body }: EndpointArgs<typeof userEndpoints.changePassword>, @Caller() caller: RequestIdentity, @Req() request: FastifyRequest) {
    return this.auth.changePassword(caller, body, request.ip ?? 'unknown');
  }

  /** Only the caller's own display name, photo, settings and shortcuts; roles and company are not taken from here. */
  @Endpoint(authEndpoints.updateUser)
  async updateUser(@Input() { body }: EndpointArgs<typeof authEndpoints.updateUser>, @Caller() caller: RequestIdentity) {
    const user = await this.users.updateOwnProfile(caller.userId, body.user.data);
    return { user: toUser(user, caller.companyId, caller.roles) };
  }
}
