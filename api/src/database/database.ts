import { Logger } from '@nestjs/common';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { RESOURCES } from '@planta/contracts';
import { LoginFailureEntity } from '../auth/login-failure.entity';
import { ShareTokenEntity } from '../auth/share-token.entity';
import { ChatMessageEntity } from '../chat/chat-message.entity';
import { CompanyEntity } from '../companies/company.entity';
import { CorrectionRecordEntity } from '../dieshop/correction-record.entity';
import { CorrectionReportEntity } from '../dieshop/correction-report.entity';
import { DieEntity } from '../dieshop/die.entity';
import { NotificationEntity } from '../notifications/notification.entity';
import { PageRoleEntity } from '../permissions/page-role.entity';
import { PageEntity } from '../permissions/page.entity';
import { maintenanceEntities } from '../maintenance/maintenance.entities';
import { productionEntities } from '../production/production.entities';
import { entityOf } from '../resources/resource.entity';
import { RoleEntity } from '../permissions/role.entity';
import { grantDefaultPermissions, syncCatalogue } from '../permissions/default-permissions';
import { seedDemoData } from '../seed/demo-seed';
import { CompanyMemberEntity } from '../users/company-member.entity';
import { UserEntity } from '../users/user.entity';
import { migrations } from './migrations';
import { SYSTEM_SETTING } from './tenant-policy';

export const entities = [
  CompanyEntity,
  UserEntity,
  CompanyMemberEntity,
  RoleEntity,
  PageEntity,
  PageRoleEntity,
  LoginFailureEntity,
  ShareTokenEntity,
  DieEntity,
  CorrectionRecordEntity,
  CorrectionReportEntity,
  ChatMessageEntity,
  NotificationEntity,
  ...productionEntities,
  ...maintenanceEntities,
  // Every declared resource's table, mapped from its declaration.
  ...RESOURCES.map((resource) => entityOf(resource)),
];

export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsTableName: 'schema_migration',
    synchronize: false,
    migrationsRun: false,
    // Refusals the API answers (a taken name, a record in use) are not errors; real failures reach the error log as 500s.
    logging: false,
    extra: { max: Number(process.env.DB_POOL_SIZE || 10), connectionTimeoutMillis: 10_000 },
  };
}

// Any fixed number shared by every API process: the advisory lock that serialises start-up work.
const STARTUP_LOCK = 0x504c414e;

/**
 * Migrations, the page and role catalogue, and the demo seed, under a PostgreSQL advisory lock
 * so that processes starting together on one database take turns instead of colliding.
 */
export async function prepareDatabase(dataSource: DataSource, seedDemo: boolean): Promise<void> {
  const logger = new Logger('Database');
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    const applied = await runMigrationsAsSystem(dataSource);
    if (applied.length > 0) logger.log(`Applied migrations: ${applied.map((migration) => migration.name).join(', ')}`);
    await dataSource.transaction(async (manager) => {
      await manager.query(`select set_config('${SYSTEM_SETTING}', 'on', true)`);
      await syncCatalogue(manager);
      if (seedDemo) await seedDemoData(manager);
      await grantDefaultPermissions(manager);
    });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
    await lock.release();
  }
}

/**
 * Migrations run on a connection of their own whose session is a system one: a migration that
 * repairs rows (issue 37 brings impossible times and orders left 'En prensa' in order) must see
 * every company's rows, and row-level security would otherwise hide them all, so the repair did
 * nothing and the next constraint failed on an upgraded plant's data. The connection is closed
 * afterwards, so the setting never reaches the pool the API serves with.
 */
async function runMigrationsAsSystem(dataSource: DataSource) {
  const options = dataSource.options as Extract<DataSourceOptions, { type: 'postgres' }>;
  const migrator = new DataSource({ ...options, extra: { ...options.extra, max: 1, options: `-c ${SYSTEM_SETTING}=on` } });
  await migrator.initialize();
  try {
    return await migrator.runMigrations({ transaction: 'each' });
  } finally {
    await migrator.destroy();
  }
}

export async function openDataSource(url: string, seedDemo: boolean): Promise<DataSource> {
  const dataSource = await new DataSource(dataSourceOptions(url)).initialize();
  await prepareDatabase(dataSource, seedDemo);
  return dataSource;
}
