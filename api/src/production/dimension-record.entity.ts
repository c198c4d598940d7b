import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CompanyOwnedEntity } from '../tenancy/company-owned.entity';
import { numeric } from '../database/numeric';

/** A critical dimension measured while an order die runs (spec 3). */
@Entity('dimension_record')
export class DimensionRecordEntity extends CompanyOwnedEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column({ type: 'int' })
  order_die_id: number;

  @Column({ type: 'varchar', length: 20 })
  dimension_text: string;

  @Column({ type: 'numeric', transformer: numeric })
  dimension_value: number;

  @Column({ type: 'timestamptz' })
  date_saved: Date;

  @Column({ type: 'int', nullable: true })
  saved_by: number | null;

  /** A late answer: the missed 10-minute mark it answers (`date_saved` is when it was made); null on time. */
  @Column({ type: 'timestamptz', nullable: true })
  answers_mark: Date | null;
}
