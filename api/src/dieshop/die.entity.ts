import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { DieState, DieType } from '@planta/contracts';
import { numeric } from '../database/numeric';
import { CompanyOwnedEntity } from '../tenancy/company-owned.entity';

/**
 * A die copy: one reference may exist in several copies (spec 3). Its counters are fed by the
 * runs (trigger `order_die_feeds_die`) and reset by a confirmed nitriding; its state changes only
 * through DieLifeService (or a run start), each change logged in `die_event`.
 */
@Entity('die')
@Unique(['company_id', 'die_reference', 'copy_number'])
export class DieEntity extends CompanyOwnedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 60 })
  die_reference: string;

  @Column({ type: 'int' })
  copy_number: number;

  @Column({ type: 'varchar', length: 200, default: '' })
  description: string;

  @Column({ type: 'varchar', length: 20, default: 'in_stock' })
  state: DieState;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  state_since: Date;

  @Column({ type: 'int', nullable: true })
  profile_id: number | null;

  @Column({ type: 'varchar', length: 20, default: 'solid' })
  die_type: DieType;

  @Column({ type: 'int', default: 1 })
  cavities: number;

  @Column({ type: 'numeric', nullable: true, transformer: numeric })
  diameter_mm: number | null;

  @Column({ type: 'numeric', nullable: true, transformer: numeric })
  thickness_mm: number | null;

  @Column({ type: 'varchar', length: 40, default: '' })
  steel: string;

  @Column({ type: 'varchar', length: 120, default: '' })
  supplier: string;

  @Column({ type: 'varchar', length: 60, default: '' })
  supplier_ref: string;

  @Column({ type: 'date', nullable: true })
  received_at: string | null;

  @Column({ type: 'numeric', nullable: true, transformer: numeric })
  cost: number | null;

  @Column({ type: 'numeric', nullable: true, transformer: numeric })
  actual_kg_m: number | null;

  @Column({ type: 'varchar', length: 60, default: '' })
  location: string;

  @Column({ type: 'int', nullable: true })
  nitriding_every_billets: number | null;

  @Column({ type: 'numeric', nullable: true, transformer: numeric })
  nitriding_every_kg: number | null;

  @Column({ type: 'numeric', nullable: true, transformer: numeric })
  expected_life_kg: number | null;

  @Column({ type: 'int', default: 0 })
  billets_total: number;

  @Column({ type: 'numeric', default: 0, transformer: numeric })
  kg_total: number;

  @Column({ type: 'numeric', default: 0, transformer: numeric })
  hours_total: number;

  @Column({ type: 'int', default: 0 })
  runs_total: number;

  @Column({ type: 'int', default: 0 })
  billets_since_nitriding: number;

  @Column({ type: 'numeric', default: 0, transformer: numeric })
  kg_since_nitriding: number;

  @Column({ type: 'int', default: 0 })
  nitriding_count: number;

  @Column({ type: 'int', default: 0 })
  corrections_count: number;

  @Column({ type: 'timestamptz', nullable: true })
  last_run_at: Date | null;

  @Column({ type: 'int', nullable: true })
  last_line_id: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  scrapped_at: Date | null;

  @Column({ type: 'varchar', length: 300, default: '' })
  scrapped_reason: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
