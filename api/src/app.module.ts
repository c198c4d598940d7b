import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { JwtAuthGuard } from './auth/jwt-auth.guard';
import { ChatModule } from './chat/chat.module';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { IdempotencyInterceptor } from './common/idempotency.interceptor';
import { MultipartUploadInterceptor } from './files/uploads';
import { InputInterceptor } from './common/input.interceptor';
import { RequestInterceptors } from './common/request-interceptors';
import { ResponseContractInterceptor } from './common/response-contract.interceptor';
import { ShareProjectionInterceptor } from './auth/share-projection.interceptor';
import { CompaniesModule } from './companies/companies.module';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions, prepareDatabase } from './database/database';
import { ListenModule } from './database/listen.module';
import { DieshopModule } from './dieshop/dieshop.module';
import { UploadModule } from './uploads/upload.module';
import { ApiDocsController, ApiDocument } from './health/api-docs.controller';
import { HealthController } from './health/health.controller';
import { IndicatorsModule } from './indicators/indicators.module';
import { AccessGuard } from './permissions/access.guard';
import { NotificationsModule } from './notifications/notifications.module';
import { PagesModule } from './pages/pages.module';
import { PageRolesModule } from './permissions/page-roles.module';
import { PermissionsModule } from './permissions/permissions.module';
import { MaintenanceModule } from './maintenance/maintenance.module';
import { ProductionModule } from './production/production.module';
import { RealtimeModule } from './realtime/realtime.module';
import { RequestContextInterceptor } from './tenancy/request-context.interceptor';
import { ResourcesModule } from './resources/resources.module';
import { RolesModule } from './roles/roles.module';
import { RequestDrain } from './shutdown/request-drain';
import { TenancyModule } from './tenancy/tenancy.module';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  /** `extraModules`: modules mounted beside the product's own (tests add probes). */
  static forRoot(config: AppConfig, databaseUrl: string, extraModules: Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ ...dataSourceOptions(databaseUrl), retryAttempts: 3 }),
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options!).initialize();
            await prepareDatabase(dataSource, config.seedDemoData);
            return dataSource;
          },
        }),
        TenancyModule,
        ListenModule,
        AuditModule,
        ResourcesModule,
        UsersModule,
        PermissionsModule,
        PageRolesModule,
        AuthModule,
        CompaniesModule,
        RolesModule,
        PagesModule,
        DieshopModule,
        RealtimeModule,
        NotificationsModule,
        ChatModule,
        ProductionModule,
        MaintenanceModule,
        UploadModule,
        IndicatorsModule,
        ...extraModules,
      ],
      controllers: [HealthController, ApiDocsController],
      providers: [
        ApiDocument,
        // Guards run in this order: who is calling, then may they.
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_GUARD, useClass: AccessGuard },
        // The interceptors, in the order RequestInterceptors gives.
        RequestContextInterceptor,
        MultipartUploadInterceptor,
        IdempotencyInterceptor,
        InputInterceptor,
        ResponseContractInterceptor,
        ShareProjectionInterceptor,
        { provide: APP_INTERCEPTOR, useClass: RequestInterceptors },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        RequestDrain,
      ],
    };
  }
}
