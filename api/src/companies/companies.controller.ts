import { Controller, ForbiddenException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { companyEndpoints, messages, type EndpointArgs } from '@planta/contracts';
import { AuthService } from '../auth/auth.service';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { UsersService } from '../users/users.service';

/** The toolbar's company selector. Company administration (spec 2.2 /apps/company) has its own page. */
@ApiTags('companies')
@Controller()
export class CompaniesController {
  constructor(
    private readonly users: UsersService,
    private readonly auth: AuthService,
  ) {}

  private async caller(identity: RequestIdentity) {
    const user = await this.users.findActive(identity.userId);
    if (!user) throw new ForbiddenException(messages.forbidden);
    return user;
  }

  @Endpoint(companyEndpoints.all)
  async all(@Caller() caller: RequestIdentity) {
    const companies = await this.users.selectableCompanies(await this.caller(caller));
    return companies.map(({ id, name }) => ({ id, name }));
  }

  /** Re-issues the session for another company the caller may choose; anyone else gets 403. */
  @Endpoint(companyEndpoints.switch)
  async switch(@Input() { body }: EndpointArgs<typeof companyEndpoints.switch>, @Caller() caller: RequestIdentity) {
    const user = await this.caller(caller);
    const selectable = await this.users.selectableCompanies(user);
    if (!selectable.some((company) => company.id === body.company_id)) throw new ForbiddenException(messages.forbidden);
    return this.auth.session(user, body.company_id);
  }
}
