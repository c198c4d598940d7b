import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CompanyOwnedEntity } from '../tenancy/company-owned.entity';

/** A work shift; an end before the start crosses midnight. Days are ISO weekdays (1 = Monday). */
@Entity('shift')
export class ShiftEntity extends CompanyOwnedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 60 })
  name: string;

  @Column({ type: 'varchar', length: 5 })
  start_time: string;

  @Column({ type: 'varchar', length: 5 })
  end_time: string;

  @Column({ type: 'int', array: true })
  days: number[];

  @Column({ type: 'varchar', length: 100 })
  supervisor: string;

  @Column({ type: 'int', nullable: true })
  line_id: number | null;
}
