import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AccessGuard } from './access.guard';
import { GrantCache } from './grant-cache.service';
import { PermissionsService } from './permissions.service';
import { RouteDeclarationCheck } from './route-declaration.check';

@Module({
  imports: [DiscoveryModule],
  providers: [GrantCache, PermissionsService, AccessGuard, RouteDeclarationCheck],
  exports: [GrantCache, PermissionsService, AccessGuard],
})
export class PermissionsModule {}
