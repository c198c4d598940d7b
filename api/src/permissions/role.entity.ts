import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('role')
export class RoleEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Unique among the built-in roles and the company's own. */
  @Column({ type: 'varchar', length: 40 })
  name: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  description: string;

  /** Null for the four built-in roles; a company's own role otherwise. */
  @Column({ type: 'int', nullable: true })
  company_id: number | null;
}
