import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { CompanyOwnedEntity } from '../tenancy/company-owned.entity';

/** A die copy: one reference may exist in several copies (spec 3). */
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

  @Column({ type: 'varchar', length: 30, default: 'available' })
  status: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
