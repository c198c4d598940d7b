import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ChecklistTemplateItem, PmAnchor, PmTrigger, PmUnit, WorkOrderPriority } from '@planta/contracts';
import { numeric } from '../database/numeric';
import { CompanyOwnedEntity } from '../tenancy/company-owned.entity';

/** A preventive maintenance plan of one machine (table: migration 1764600000000). */
@Entity('pm_plan')
export class PmPlanEntity extends CompanyOwnedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'int' })
  machine_id: number;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'varchar', length: 10 })
  trigger: PmTrigger;

  @Column({ type: 'int', nullable: true })
  every_n: number | null;

  @Column({ type: 'varchar', length: 6, nullable: true })
  unit: PmUnit | null;

  @Column({ type: 'varchar', length: 12, default: 'fixed' })
  anchor: PmAnchor;

  @Column({ type: 'boolean', default: false })
  skip_weekends: boolean;

  @Column({ type: 'int', default: 0 })
  lead_days: number;

  @Column({ type: 'date', nullable: true })
  starts_on: string | null;

  @Column({ type: 'date', nullable: true })
  next_due_on: string | null;

  @Column({ type: 'int', nullable: true })
  meter_id: number | null;

  @Column({ type: 'numeric', nullable: true, transformer: numeric })
  interval_value: number | null;

  @Column({ type: 'numeric', default: 0, transformer: numeric })
  lead_value: number;

  @Column({ type: 'numeric', nullable: true, transformer: numeric })
  last_done_value: number | null;

  @Column({ type: 'numeric', nullable: true, transformer: numeric })
  next_due_value: number | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  checklist: ChecklistTemplateItem[];

  @Column({ type: 'varchar', length: 8, default: 'medium' })
  priority: WorkOrderPriority;

  @Column({ type: 'numeric', nullable: true, transformer: numeric })
  estimated_h: number | null;

  @Column({ type: 'int', nullable: true })
  assignee_id: number | null;

  @Column({ type: 'boolean', default: false })
  require_signature: boolean;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  last_completed_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
