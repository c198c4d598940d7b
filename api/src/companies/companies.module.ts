import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PermissionsModule } from '../permissions/permissions.module';
import { UsersModule } from '../users/users.module';
import { CompaniesController } from './companies.controller';
import { CompanyAdminService } from './company-admin.service';

@Module({ imports: [UsersModule, AuthModule, PermissionsModule], controllers: [CompaniesController], providers: [CompanyAdminService] })
export class CompaniesModule {}
