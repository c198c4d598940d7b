import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { PageRolesController } from './page-roles.controller';
import { PageRolesService } from './page-roles.service';
import { PermissionsModule } from './permissions.module';

/**
 * Grants and page-role permissions over HTTP. Apart from PermissionsModule (the guard), which
 * authentication and the realtime gateway depend on, because a change here is announced live.
 */
@Module({ imports: [RealtimeModule, AuditModule, PermissionsModule], controllers: [PageRolesController], providers: [PageRolesService] })
export class PageRolesModule {}
