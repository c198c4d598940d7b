import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CompanyOwnedEntity } from '../tenancy/company-owned.entity';

/** A machine of the plant, optionally on a line. */
@Entity('machine')
export class MachineEntity extends CompanyOwnedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  @Column({ type: 'varchar', length: 30 })
  type: string;

  @Column({ type: 'int', nullable: true })
  line_id: number | null;

  @Column({ type: 'varchar', length: 30, default: 'operating' })
  status: string;

  @Column({ type: 'varchar', length: 80, default: '' })
  manufacturer: string;

  @Column({ type: 'varchar', length: 80, default: '' })
  model: string;
}
