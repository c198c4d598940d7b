import { Controller, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { healthEndpoints, type HealthResponse } from '@planta/contracts';
import { Endpoint } from '../common/endpoint.decorator';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** 200 with the database up, 503 with it down. */
  @Endpoint(healthEndpoints.health)
  async health(@Res({ passthrough: true }) response: Response): Promise<HealthResponse> {
    try {
      await this.dataSource.query('select 1');
      return { status: 'ok', database: 'up' };
    } catch {
      response.status(503);
      return { status: 'error', database: 'down' };
    }
  }
}
