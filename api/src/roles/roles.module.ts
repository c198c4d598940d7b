import { Module } from '@nestjs/common';
import { PermissionsModule } from '../permissions/permissions.module';
import { UsersModule } from '../users/users.module';
import { RolesController } from './roles.controller';
import { RolesService } from './roles.service';

@Module({ imports: [PermissionsModule, UsersModule], controllers: [RolesController], providers: [RolesService] })
export class RolesModule {}
