import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import { messages, tableTitle, type ResourceDefinition } from '@planta/contracts';
import type { TenantScope } from '../tenancy/tenant-db.service';

interface DriverError {
  code?: string;
  constraint?: string;
  table?: string;
}
const driverError = (error: unknown): DriverError | undefined => (error instanceof QueryFailedError ? (error.driverError as DriverError) : undefined);

/** 23505 unique violation, 23503 foreign key violation, 23001 restrict violation. */
const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';
const FOREIGN_KEY_VIOLATIONS = new Set(['23503', '23001']);

interface Reference {
  table: string;
  column: string;
}

/** At most this many rows are counted per table that uses a record (the message says "1000+"). */
const COUNT_CAP = 1000;

/**
 * What the database itself says about conflicts, read from its catalogue rather than kept by
 * hand: which foreign keys (with `on delete restrict` or `no action`) point at a table, and which
 * columns a unique constraint covers. A table added by a later migration is found by the next
 * process start; the answers are cached per table.
 */
@Injectable()
export class DatabaseConstraints {
  private readonly referencing = new Map<string, Promise<Reference[]>>();
  private readonly uniqueColumns = new Map<string, Promise<string[]>>();

  constructor(private readonly dataSource: DataSource) {}

  /** The single-column foreign keys that keep a row of `table` from being deleted while used. */
  referencesTo(table: string): Promise<Reference[]> {
    let known = this.referencing.get(table);
    if (!known) {
      known = this.dataSource.query(
        `select referencing.relname as table, attribute.attname as column
           from pg_constraint foreign_key
           join pg_class referencing on referencing.oid = foreign_key.conrelid
           join pg_attribute attribute on attribute.attrelid = foreign_key.conrelid and attribute.attnum = foreign_key.conkey[1]
          where foreign_key.contype = 'f' and foreign_key.confrelid = to_regclass($1) and array_length(foreign_key.conkey, 1) = 1
            and foreign_key.confdeltype in ('a', 'r')
          order by referencing.relname, attribute.attname`,
        [table],
      ) as Promise<Reference[]>;
      this.referencing.set(table, known);
      known.catch(() => this.referencing.delete(table));
    }
    return known;
  }

  /** The columns of a unique constraint or index, by its name. */
  columnsOf(constraint: string): Promise<string[]> {
    let known = this.uniqueColumns.get(constraint);
    if (!known) {
      known = this.dataSource
        .query(
          `select attribute.attname as column
             from pg_index unique_index
             join pg_class index_class on index_class.oid = unique_index.indexrelid
             join pg_attribute attribute on attribute.attrelid = unique_index.indrelid and attribute.attnum = any(unique_index.indkey)
            where index_class.relname = $1 and unique_index.indisunique`,
          [constraint],
        )
        .then((rows: { column: string }[]) => rows.map((row) => row.column));
      this.uniqueColumns.set(constraint, known);
      known.catch(() => this.uniqueColumns.delete(constraint));
    }
    return known;
  }

  /**
   * Refuses (409) to delete a record that rows of other tables still use, naming those tables and
   * how many of their rows (of the active company: row-level security applies) use it.
   */
  async refuseIfInUse(scope: TenantScope, table: string, id: number): Promise<void> {
    const users: string[] = [];
    for (const reference of await this.referencesTo(table)) {
      const [{ count }]: { count: number }[] = await scope.manager.query(
        `select count(*)::int as count from (select 1 from "${reference.table}" where "${reference.column}" = $1 limit ${COUNT_CAP}) used`,
        [id],
      );
      if (count > 0) users.push(`${tableTitle(reference.table)} (${count >= COUNT_CAP ? `${COUNT_CAP}+` : count})`);
    }
    if (users.length > 0) throw new ConflictException(messages.inUse(listInSpanish(users)));
  }

  /**
   * The API's answer to a refusal of the database while writing a resource: a taken unique value
   * is a 409 on its field(s) with the resource's own text; a foreign key is "in use" (409) on
   * delete, or a choice that does not exist (400) on a field; a declared check is a 400 on its field.
   * Anything else is left as it is.
   */
  async translate(error: unknown, resource: ResourceDefinition): Promise<unknown> {
    const driver = driverError(error);
    if (!driver?.code) return error;
    if (driver.code === UNIQUE_VIOLATION && driver.constraint) {
      const columns = (await this.columnsOf(driver.constraint)).filter((column) => column !== 'company_id');
      const declared = resource.unique?.find((unique) => unique.fields.length === columns.length && unique.fields.every((name) => columns.includes(name)));
      const message = declared?.message ?? messages.duplicate;
      return new ConflictException({ message, fields: Object.fromEntries((declared?.fields ?? columns).map((name) => [name, message])) });
    }
    const check = driver.code === CHECK_VIOLATION ? resource.checks?.find((declared) => declared.constraint === driver.constraint) : undefined;
    if (check) return new BadRequestException({ message: check.message, fields: { [check.field]: check.message } });
    if (FOREIGN_KEY_VIOLATIONS.has(driver.code)) {
      // Deleting: another table's row still points here. Writing: this row points at nothing.
      if (driver.table && driver.table !== resource.table) return new ConflictException(messages.inUse(tableTitle(driver.table)));
      const column = Object.keys(resource.fields).find((name) => driver.constraint?.includes(name));
      return new BadRequestException({ message: messages.referenceMissing, fields: { [column ?? '_']: messages.referenceMissing } });
    }
    return error;
  }
}

/** "a", "a y b", "a, b y c". */
export function listInSpanish(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;
}
