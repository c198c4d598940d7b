import { Controller, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { authEndpoints, userEndpoints, type EndpointArgs } from '@planta/contracts';
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

  /** Field errors carry their spec 8 codes (the contract's `fieldCodes`). */
  @Endpoint(authEndpoints.register)
  async register(@Input() { body }: EndpointArgs<typeof authEndpoints.register>, @Req() request: FastifyRequest) {
    await this.registrationPolicy.admit(request.ip ?? 'unknown', body.invitation);
    return this.auth.register(body);
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
