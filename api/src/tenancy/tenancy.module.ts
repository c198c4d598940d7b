import { Global, Module } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { ListCounts } from './list-counts.service';
import { TenantDb } from './tenant-db.service';
import { TENANT_READS, TenantReadsShutdown, tenantReadsProvider } from './tenant-reads';

@Global()
@Module({
  providers: [
    tenantReadsProvider,
    { provide: TenantReadsShutdown, inject: [TENANT_READS], useFactory: (reads: DataSource) => new TenantReadsShutdown(reads) },
    ListCounts,
    TenantDb,
  ],
  exports: [TenantDb, ListCounts],
})
export class TenancyModule {}
