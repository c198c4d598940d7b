import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { NotificationVariant } from '@planta/contracts';
import { CompanyOwnedEntity } from '../tenancy/company-owned.entity';

/** A notification for one user of a company (spec 3). */
@Entity('notification')
export class NotificationEntity extends CompanyOwnedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  @Column({ type: 'text' })
  text_message: string;

  @Column({ type: 'varchar', length: 10 })
  variant: NotificationVariant;

  @Column({ type: 'boolean', default: false })
  is_read: boolean;

  @Column({ type: 'boolean', default: false })
  dismissed: boolean;

  @Column({ type: 'int', nullable: true })
  hypothalum_id: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  correction_report_path: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  correction_path: string | null;

  /** The record the notification is about (issue 37): clicking it opens this address. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  record_path: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
