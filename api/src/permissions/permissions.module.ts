import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AccessGuard } from './access.guard';
import { PermissionsService } from './permissions.service';
import { RouteDeclarationCheck } from './route-declaration.check';

@Module({
  imports: [DiscoveryModule],
  providers: [PermissionsService, AccessGuard, RouteDeclarationCheck],
  exports: [PermissionsService, AccessGuard],
})
export class PermissionsModule {}
