import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { CompanyOwnedEntity } from '../tenancy/company-owned.entity';

/** What one role may do on one page, in one company. */
@Entity('page_role')
@Unique(['company_id', 'page_id', 'role_id'])
export class PageRoleEntity extends CompanyOwnedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  page_id: number;

  @Column({ type: 'int' })
  role_id: number;

  @Column({ type: 'boolean', default: false })
  read: boolean;

  @Column({ type: 'boolean', default: false })
  insert: boolean;

  @Column({ type: 'boolean', default: false })
  update: boolean;

  @Column({ type: 'boolean', default: false })
  delete: boolean;
}
