import { ConflictException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { messages, resolvePeriod, summaryMessages, type PeriodQuery } from '@planta/contracts';
import type { z } from 'zod';
import type { meterCreateSchema, meterPatchSchema, meterReadingCreateSchema } from '@planta/contracts';
import { AuditService } from '../audit/audit.service';
import { fieldError } from '../common/field-error';
import { companyTimeZone } from '../companies/company-time-zone';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';
import { downsample, meterRows } from './machine-summary.service';

type MeterCreate = z.output<typeof meterCreateSchema>;
type MeterPatch = z.output<typeof meterPatchSchema>;
type ReadingCreate = z.output<typeof meterReadingCreateSchema>;

/** Meters (contadores) of the company's machines: production ones fed by the runs, manual ones read by people. */
@Injectable()
export class MeterService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly audit: AuditService,
  ) {}

  all(machineId?: number) {
    return this.tenantDb.transaction(({ manager, companyId }) => meterRows(manager, companyId, { machineId }));
  }

  private async one(scope: TenantScope, id: number) {
    const [meter] = await meterRows(scope.manager, scope.companyId, { meterId: id });
    if (!meter) throw new NotFoundException(messages.notFound);
    return meter;
  }

  readings(id: number, query: PeriodQuery) {
    return this.tenantDb.transaction(async (scope) => {
      const meter = await this.one(scope, id);
      const { from, to } = resolvePeriod(query, await companyTimeZone(scope));
      const rows: { meter_id: number; read_at: Date; value: string }[] = await scope.manager.query(
        `select meter_id, read_at, value from meter_reading where company_id = $1 and meter_id = $2 and read_at >= $3 and read_at <= $4 order by read_at, id`,
        [scope.companyId, id, from, to],
      );
      return {
        meter,
        points: downsample(rows).map((row) => ({ at: row.read_at.toISOString(), value: Number(row.value) })),
        total: rows.length,
      };
    });
  }

  create(caller: RequestIdentity, body: MeterCreate) {
    return this.tenantDb.transaction(async (scope) => {
      const [machine] = await scope.manager.query(`select id, name from machine where company_id = $1 and id = $2`, [scope.companyId, body.machine_id]);
      if (!machine) throw fieldError('machine_id', summaryMessages.meterMachine);
      await this.refuseTakenName(scope, body.machine_id, body.name);
      const [{ id }] = await scope.manager.query(
        `insert into meter (company_id, machine_id, name, kind, unit, source, reset_on_pm) values ($1, $2, $3, $4, $5, 'manual', $6) returning id`,
        [scope.companyId, body.machine_id, body.name, body.kind, body.unit, body.reset_on_pm],
      );
      const meter = await this.one(scope, id);
      await this.audit.record(scope, caller, { action: 'create', entity: 'meter', entityId: id, label: `${machine.name} · ${body.name}`, after: body });
      return meter;
    });
  }

  update(caller: RequestIdentity, id: number, patch: MeterPatch) {
    return this.tenantDb.transaction(async (scope) => {
      const before = await this.one(scope, id);
      if (patch.name !== undefined && patch.name !== before.name) await this.refuseTakenName(scope, before.machine_id, patch.name);
      await scope.manager.query(
        `update meter set name = coalesce($3, name), unit = coalesce($4, unit), reset_on_pm = coalesce($5, reset_on_pm) where company_id = $1 and id = $2`,
        [scope.companyId, id, patch.name ?? null, patch.unit ?? null, patch.reset_on_pm ?? null],
      );
      const after = await this.one(scope, id);
      const pick = ({ name, unit, reset_on_pm }: typeof before) => ({ name, unit, reset_on_pm });
      await this.audit.record(scope, caller, { action: 'update', entity: 'meter', entityId: id, label: after.name, before: pick(before), after: pick(after) });
      return after;
    });
  }

  /** A manual reading: never below the current value unless it is a reset; production meters refuse it. */
  addReading(caller: RequestIdentity, id: number, body: ReadingCreate) {
    return this.tenantDb.transaction(async (scope) => {
      // The row lock orders concurrent readings of one meter.
      const [meter] = await scope.manager.query(`select id, name, source, value from meter where company_id = $1 and id = $2 for update`, [
        scope.companyId,
        id,
      ]);
      if (!meter) throw new NotFoundException(messages.notFound);
      if (meter.source === 'production') throw new ConflictException(summaryMessages.productionMeter);
      const current = Number(meter.value);
      const readAt = body.read_at ? new Date(body.read_at) : new Date();
      if (readAt.getTime() > Date.now() + 60_000) throw fieldError('read_at', summaryMessages.readAtFuture);
      const [last] = await scope.manager.query(`select max(read_at) as at from meter_reading where meter_id = $1`, [id]);
      if (last?.at && readAt < last.at) throw fieldError('read_at', summaryMessages.readAtBeforeLast);
      if (!body.reset && body.value < current) throw fieldError('value', summaryMessages.meterBelowCurrent(String(current)), HttpStatus.BAD_REQUEST);
      const [reading] = await scope.manager.query(
        `insert into meter_reading (company_id, meter_id, value, delta, read_at, source, user_id, note)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         returning id, meter_id, value, delta, read_at, source, note`,
        [scope.companyId, id, body.value, body.reset ? null : body.value - current, readAt, body.reset ? 'reset' : 'manual', caller.userId, body.note],
      );
      await scope.manager.query(`update meter set value = $2, updated_at = $3 where id = $1`, [id, body.value, readAt]);
      await this.audit.record(scope, caller, {
        action: 'update',
        entity: 'meter',
        entityId: id,
        label: meter.name,
        before: { value: current },
        after: { value: body.value, ...(body.reset ? { reset: true } : {}) },
      });
      return {
        ...reading,
        id: Number(reading.id),
        value: Number(reading.value),
        delta: reading.delta === null ? null : Number(reading.delta),
        read_at: (reading.read_at as Date).toISOString(),
      };
    });
  }

  private async refuseTakenName(scope: TenantScope, machineId: number, name: string) {
    const [taken] = await scope.manager.query(`select 1 from meter where machine_id = $1 and lower(name) = lower($2)`, [machineId, name]);
    if (taken) throw fieldError('name', summaryMessages.meterNameTaken, HttpStatus.CONFLICT);
  }
}
