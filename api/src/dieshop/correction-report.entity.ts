import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CompanyOwnedEntity } from '../tenancy/company-owned.entity';

/** One attempt of a correction (correction_report); read and written with SQL by the correction services. */
@Entity('correction_report')
export class CorrectionReportEntity extends CompanyOwnedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  correction_record_id: number;

  @Column({ type: 'int' })
  attempt_no: number;

  @Column({ type: 'int', nullable: true })
  corrector_id: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  started_at: Date;
}
