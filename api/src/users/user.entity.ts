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

  /** Set with a temporary password (a new user, a reset): the next sign-in must choose a new one. */
  @Column({ type: 'boolean', default: false })
  must_change_password: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
