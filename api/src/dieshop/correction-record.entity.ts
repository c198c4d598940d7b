import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { CorrectionStatus } from '@planta/contracts';
import { CompanyOwnedEntity } from '../tenancy/company-owned.entity';

/**
 * A die's non-conformity (correction_record, the notifications' `hypothalum_id`). The services read
 * and write it with SQL (correction.queries.ts); the entity names the table for the share links.
 */
@Entity('correction_record')
export class CorrectionRecordEntity extends CompanyOwnedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 20 })
  number: string;

  @Column({ type: 'int' })
  die_id: number;

  @Column({ type: 'varchar', length: 2000 })
  description: string;

  @Column({ type: 'varchar', length: 30, default: 'reported' })
  status: CorrectionStatus;

  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  opened_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  closed_at: Date | null;
}
