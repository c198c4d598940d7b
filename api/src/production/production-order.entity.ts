import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CompanyOwnedEntity } from '../tenancy/company-owned.entity';
import { numeric } from '../database/numeric';

/** A production order of the active company; its status is its planning board column. */
@Entity('production_order')
export class ProductionOrderEntity extends CompanyOwnedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 40 })
  number: string;

  @Column({ type: 'varchar', length: 120 })
  customer: string;

  @Column({ type: 'varchar', length: 120 })
  profile: string;

  @Column({ type: 'int' })
  die_id: number;

  @Column({ type: 'int' })
  alloy_id: number;

  @Column({ type: 'int', nullable: true })
  finish_id: number | null;

  @Column({ type: 'numeric', transformer: numeric })
  length_mm: number;

  @Column({ type: 'int' })
  quantity_pieces: number;

  @Column({ type: 'numeric', transformer: numeric })
  quantity_kg: number;

  @Column({ type: 'date' })
  due_date: string;

  @Column({ type: 'int', nullable: true })
  line_id: number | null;

  @Column({ type: 'varchar', length: 20, default: 'to_plan' })
  status: string;

  @Column({ type: 'int', default: 0 })
  board_position: number;

  @Column({ type: 'timestamptz', nullable: true })
  finished_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
