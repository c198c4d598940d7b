import type { MigrationInterface, QueryRunner } from 'typeorm';
import { TENANT_RULE } from '../tenant-policy';

/** Rewrites every tenant policy so that its settings are read once per query, not once per row. */
export class TenantPolicyInitPlans1764000000000 implements MigrationInterface {
  name = 'TenantPolicyInitPlans1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    const tables: { tablename: string }[] = await runner.query(
      `select tablename from pg_policies where policyname = 'tenant_isolation' and schemaname = current_schema()`,
    );
    for (const { tablename } of tables) {
      await runner.query(`alter policy tenant_isolation on "${tablename}" using (${TENANT_RULE}) with check (${TENANT_RULE})`);
    }
  }

  async down(): Promise<void> {
    // The earlier form is equivalent in what it allows; nothing to undo.
  }
}
