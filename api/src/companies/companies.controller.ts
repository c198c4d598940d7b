import { Controller, ForbiddenException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { companyAdminEndpoints, companyEndpoints, messages, type EndpointArgs } from '@planta/contracts';
import { AuthService } from '../auth/auth.service';
import { Caller } from '../common/caller.decorator';
import { Endpoint, Input } from '../common/endpoint.decorator';
import type { RequestIdentity } from '../tenancy/request-context';
import { UsersService } from '../users/users.service';
import { CompanyAdminService } from './company-admin.service';

/**
 * The toolbar's company selector, and the administration of the companies the caller belongs to
 * (spec 2.2 /apps/company). `company/all` and `company/list` come before `company/:id`.
 */
@ApiTags('companies')
@Controller()
export class CompaniesController {
  constructor(
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly companies: CompanyAdminService,
  ) {}

  private async caller(identity: RequestIdentity) {
    const user = await this.users.findActive(identity.userId);
    if (!user) throw new ForbiddenException(messages.forbidden);
    return user;
  }

  @Endpoint(companyEndpoints.all)
  async all(@Caller() caller: RequestIdentity) {
    const companies = await this.users.selectableCompanies(await this.caller(caller));
    return companies.map(({ id, name, currency }) => ({ id, name, currency }));
  }

  /** Re-issues the session for another company the caller may choose; anyone else gets 403. */
  @Endpoint(companyEndpoints.switch)
  async switch(@Input() { body }: EndpointArgs<typeof companyEndpoints.switch>, @Caller() caller: RequestIdentity) {
    const user = await this.caller(caller);
    const selectable = await this.users.selectableCompanies(user);
    if (!selectable.some((company) => company.id === body.company_id)) throw new ForbiddenException(messages.forbidden);
    return this.auth.session(user, body.company_id, caller.session?.id);
  }

  @Endpoint(companyAdminEndpoints.list)
  list(@Caller() caller: RequestIdentity, @Input() { query }: EndpointArgs<typeof companyAdminEndpoints.list>) {
    return this.companies.list(caller, query);
  }

  @Endpoint(companyAdminEndpoints.get)
  get(@Caller() caller: RequestIdentity, @Input() { params }: EndpointArgs<typeof companyAdminEndpoints.get>) {
    return this.companies.get(caller, params.id);
  }

  @Endpoint(companyAdminEndpoints.create)
  create(@Caller() caller: RequestIdentity, @Input() { body }: EndpointArgs<typeof companyAdminEndpoints.create>) {
    return this.companies.create(caller, body);
  }

  @Endpoint(companyAdminEndpoints.update)
  update(@Caller() caller: RequestIdentity, @Input() { params, body }: EndpointArgs<typeof companyAdminEndpoints.update>) {
    return this.companies.update(caller, params.id, body);
  }

  @Endpoint(companyAdminEndpoints.remove)
  remove(@Caller() caller: RequestIdentity, @Input() { params }: EndpointArgs<typeof companyAdminEndpoints.remove>) {
    return this.companies.remove(caller, params.id);
  }
}
