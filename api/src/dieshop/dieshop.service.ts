import { Injectable } from '@nestjs/common';
import { ILike } from 'typeorm';
import type { Die } from '@planta/contracts';
import { TenantDb } from '../tenancy/tenant-db.service';
import { DieEntity } from './die.entity';

const FIND_LIMIT = 20;
const toDie = ({ id, die_reference, copy_number }: DieEntity): Die => ({ id, die_reference, copy_number });
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The chat's die search, always of the caller's active company. */
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
}
