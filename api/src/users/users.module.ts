import { Module } from '@nestjs/common';
import { MemberCache } from './member-cache.service';
import { UserAdminService } from './user-admin.service';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({ controllers: [UsersController], providers: [UsersService, MemberCache, UserAdminService], exports: [UsersService, MemberCache] })
export class UsersModule {}
