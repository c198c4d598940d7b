import { Logger, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { DataSource, type DataSourceOptions } from 'typeorm';

/** The connections TenantDb.read uses (tenant-db.service.ts), apart from the app's. */
export const TENANT_READS = Symbol('TENANT_READS');

/**
 * The app's database once more, through a pool of its own whose connections refuse every write
 * (default_transaction_read_only, sent when each connection starts): TenantDb.read leaves a
 * company set on them for the session, so nothing but reads may ever run there. The same size as
 * the app's pool; ended with the app.
 */
export const tenantReadsProvider: Provider = {
  provide: TENANT_READS,
  inject: [DataSource],
  useFactory: async (app: DataSource): Promise<DataSource> => {
    const options = app.options as DataSourceOptions & { extra?: Record<string, unknown> };
    const reads = new DataSource({
      ...options,
      migrations: [],
      migrationsRun: false,
      extra: { ...options.extra, options: '-c default_transaction_read_only=on', application_name: 'planta-reads' },
    } as DataSourceOptions);
    await reads.initialize();
    return reads;
  },
};

/** Ends the read connections after the app's last request (the app's own pool is ended by TypeOrmModule). */
export class TenantReadsShutdown implements OnApplicationShutdown {
  constructor(private readonly reads: DataSource) {}

  async onApplicationShutdown(): Promise<void> {
    await this.reads.destroy().catch((error: Error) => new Logger('Database').warn(`Read connections: ${error.message}`));
  }
}
