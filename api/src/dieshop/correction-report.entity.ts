import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CompanyOwnedEntity } from '../tenancy/company-owned.entity';

/** The corrector's report on one correction: findings and what was done. */
@Entity('correction_report')
export class CorrectionReportEntity extends CompanyOwnedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  correction_record_id: number;

  @Column({ type: 'text' })
  findings: string;

  @Column({ type: 'text', default: '' })
  actions: string;

  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
