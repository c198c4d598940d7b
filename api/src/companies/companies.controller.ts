import { Body, Controller, ForbiddenException, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { createZodDto } from 'nestjs-zod';
import { messages, switchCompanyRequestSchema, type AuthResponse, type Company } from '@planta/contracts';
import { AuthService } from '../auth/auth.service';
import { ChoosesCompany, SignedIn } from '../permissions/route-access.decorators';
import type { RequestIdentity } from '../tenancy/request-context';
import { UsersService } from '../users/users.service';

class SwitchCompanyDto extends createZodDto(switchCompanyRequestSchema) {}

type SignedInRequest = Request & { user: RequestIdentity };

/** The toolbar's company selector. Company administration (spec 2.2 /apps/company) has its own page. */
@ApiTags('companies')
@Controller('company')
export class CompaniesController {
  constructor(
    private readonly users: UsersService,
    private readonly auth: AuthService,
  ) {}

  private async caller(request: SignedInRequest) {
    const user = await this.users.findActive(request.user.userId);
    if (!user) throw new ForbiddenException(messages.forbidden);
    return user;
  }

  @SignedIn()
  @Get('all')
  async all(@Req() request: SignedInRequest): Promise<Company[]> {
    const companies = await this.users.selectableCompanies(await this.caller(request));
    return companies.map(({ id, name }) => ({ id, name }));
  }

  /** Re-issues the session for another company the caller may choose; anyone else gets 403. */
  @SignedIn()
  @ChoosesCompany()
  @Post('switch')
  @HttpCode(200)
  async switch(@Body() body: SwitchCompanyDto, @Req() request: SignedInRequest): Promise<AuthResponse> {
    const user = await this.caller(request);
    const selectable = await this.users.selectableCompanies(user);
    if (!selectable.some((company) => company.id === body.company_id)) throw new ForbiddenException(messages.forbidden);
    return this.auth.session(user, body.company_id);
  }
}
