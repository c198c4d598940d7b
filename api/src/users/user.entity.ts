import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ContactStatus, UserSettings } from '@planta/contracts';

@Entity('app_user')
export class UserEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'uuid', unique: true, default: () => 'gen_random_uuid()' })
  uuid: string;

  /** Stored lower-cased; unique across the installation. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  @Column({ type: 'varchar', length: 200, select: false })
  password_hash: string;

  @Column({ type: 'varchar', length: 100 })
  display_name: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  position: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  photo_url: string | null;

  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  settings: UserSettings;

  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` })
  shortcuts: string[];

  @Column({ type: 'int' })
  home_company_id: number;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** The status the user chose for chat; shown only while connected (otherwise offline). */
  @Column({ type: 'varchar', length: 20, default: 'online' })
  chat_status: ContactStatus;

  /** Moved on by every password change or reset: tokens of an earlier version are refused (auth/session-version.ts). */
  @Column({ type: 'int', default: 0 })
  session_version: number;

  /** The session that changed its own password last: its tokens of the version before stay valid. */
  @Column({ type: 'uuid', nullable: true })
  kept_session: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
