import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ShareResourceType } from '@planta/contracts';
import { CompanyOwnedEntity } from '../tenancy/company-owned.entity';

/** A read-only link to one resource; only the token's hash is stored. */
@Entity('share_token')
export class ShareTokenEntity extends CompanyOwnedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'char', length: 64, unique: true })
  token_hash: string;

  @Column({ type: 'varchar', length: 40 })
  resource_type: ShareResourceType;

  @Column({ type: 'int' })
  resource_id: number;

  @Column({ type: 'int' })
  created_by: number;

  @Column({ type: 'timestamptz' })
  expires_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  revoked_at: Date | null;

  /** The record's internal discussion is shown, as the creator chose (issue 36). */
  @Column({ type: 'boolean', default: false })
  include_discussion: boolean;

  /** People's names are shown, as the creator chose (issue 36). */
  @Column({ type: 'boolean', default: false })
  include_names: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
