import { Column, Index } from 'typeorm';

/**
 * Base of every company-owned table. Rows of these entities are only reached through the
 * tenant scope (tenant-db.service.ts), and PostgreSQL row-level security checks the same rule.
 */
export abstract class CompanyOwnedEntity {
  @Index()
  @Column({ type: 'int' })
  company_id: number;
}
