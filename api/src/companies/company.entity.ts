import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('company')
export class CompanyEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 120, unique: true })
  name: string;

  @Column({ type: 'varchar', length: 30, default: '' })
  tax_id: string;

  @Column({ type: 'varchar', length: 300, default: '' })
  address: string;

  /** IANA name; the plant's shifts and days are reckoned in it. */
  @Column({ type: 'varchar', length: 64, default: 'Europe/Madrid' })
  time_zone: string;

  /** ISO 4217 code of the money the company's figures are in (a die's cost); checked by the database. */
  @Column({ type: 'varchar', length: 3, default: 'EUR' })
  currency: string;

  /** The largest file any upload of the company takes. */
  @Column({ type: 'int', default: 2 })
  upload_limit_mb: number;

  /** A deactivated company cannot be chosen; its sessions end. */
  @Column({ type: 'boolean', default: true })
  active: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
