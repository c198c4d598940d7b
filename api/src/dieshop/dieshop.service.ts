import { Injectable } from '@nestjs/common';
import { ILike } from 'typeorm';
import type { Die } from '@planta/contracts';
import { TenantDb } from '../tenancy/tenant-db.service';
import { CorrectionRecordEntity } from './correction-record.entity';
import { CorrectionReportEntity } from './correction-report.entity';
import { DieEntity } from './die.entity';

const FIND_LIMIT = 20;
const toDie = ({ id, die_reference, copy_number }: DieEntity): Die => ({ id, die_reference, copy_number });
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Dies and their correction history, always of the caller's active company. */
@Injectable()
export class DieshopService {
  constructor(private readonly tenantDb: TenantDb) {}

  /** Prefix search on the reference, case-insensitive (chat @mentions). */
  async findDies(reference: string): Promise<Die[]> {
    const dies = await this.tenantDb
      .repository(DieEntity)
      .find({ where: { die_reference: ILike(`${escapeLike(reference)}%`) }, order: { die_reference: 'ASC', copy_number: 'ASC' }, take: FIND_LIMIT });
    return dies.map(toDie);
  }

  correctionRecord(id: number) {
    return this.tenantDb.transaction(async (scope) => {
      const record = await scope.repository(CorrectionRecordEntity).findOne(id);
      const die = await scope.repository(DieEntity).findOne(record.die_id);
      const reports = await scope.repository(CorrectionReportEntity).find({ where: { correction_record_id: record.id }, order: { created_at: 'ASC' } });
      return { ...record, die: toDie(die), reports };
    });
  }

  correctionReport(id: number) {
    return this.tenantDb.transaction(async (scope) => {
      const report = await scope.repository(CorrectionReportEntity).findOne(id);
      const record = await scope.repository(CorrectionRecordEntity).findOne(report.correction_record_id);
      const die = await scope.repository(DieEntity).findOne(record.die_id);
      return { ...report, correction_record: record, die: toDie(die) };
    });
  }
}
