import { Controller, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { healthEndpoints, type HealthResponse } from '@planta/contracts';
import { Endpoint } from '../common/endpoint.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** 200 with the database up, 503 (with Retry-After, as every 503 of the API) with it down. */
  @Endpoint(healthEndpoints.health)
  async health(@Res({ passthrough: true }) response: FastifyReply): Promise<HealthResponse> {
    try {
      await this.dataSource.query('select 1');
      return { status: 'ok', database: 'up' };
    } catch {
      void response.status(503).header('Retry-After', String(this.config.shutdown.retryAfterSeconds));
      return { status: 'error', database: 'down' };
    }
  }
}
