import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { UsersModule } from '../users/users.module';
import { CompaniesController } from './companies.controller';

@Module({ imports: [UsersModule, AuthModule], controllers: [CompaniesController] })
export class CompaniesModule {}
