import { Module } from '@nestjs/common';
import { UserAdminService } from './user-admin.service';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({ controllers: [UsersController], providers: [UsersService, UserAdminService], exports: [UsersService] })
export class UsersModule {}
