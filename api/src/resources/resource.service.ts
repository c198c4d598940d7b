import {
  listColumns,
  messages,
  resourceNamed,
  resourceSchemas,
  type ListQuery,
  type ResourceDefinition,
  type ResourceRecord,
  type ResourceSchemas,
} from '@planta/contracts';
import type { DeepPartial, EntitySchema } from 'typeorm';
import { checkWhole } from '../common/db-errors';
import { fieldError } from '../common/field-error';
import { TenantDb, type PageOf, type TenantScope } from '../tenancy/tenant-db.service';
import { DatabaseConstraints } from './database-constraints.service';
import { entityOf, type ResourceRow } from './resource.entity';

/** A record's field values as validated (the create schema's output). */
export type ResourceValues = Record<string, unknown>;

/** Where a write happens: its transaction, and for an update the record as it was. */
export interface WriteContext<R extends ResourceDefinition> {
  scope: TenantScope;
  /** Set on update. */
  current?: ResourceRow<R>;
}

/** The token a resource's service is provided under (its controller injects it). */
export const serviceToken = (resource: ResourceDefinition) => `ResourceService:${resource.name}`;

/**
 * List, get, create, update and remove of one resource, for the active company only (TenantDb):
 * requests validated with the declaration's schemas (an update checks the merged record with the
 * whole rules), references checked to be the company's own, conflicts answered from the
 * database's own constraints. Domain rules go in the named hooks of a subclass (`normalise`,
 * `check`, `toView`); extra routes go on a subclass of the resource's controller.
 */
export class ResourceService<R extends ResourceDefinition = ResourceDefinition> {
  protected readonly entity: EntitySchema<ResourceRow<R>>;
  protected readonly schemas: ResourceSchemas;

  constructor(
    readonly resource: R,
    protected readonly tenantDb: TenantDb,
    protected readonly constraints: DatabaseConstraints,
  ) {
    this.entity = entityOf(resource);
    this.schemas = resourceSchemas(resource);
  }

  // ----------------------------------------------------------------------------------- hooks

  /** The values as they are stored, once valid (default: unchanged). */
  protected normalise(values: ResourceValues, _context: WriteContext<R>): ResourceValues {
    return values;
  }

  /** Rules that need the database (an overlap, a state); refuse by throwing the API's errors. */
  protected async check(_values: ResourceValues, _context: WriteContext<R>): Promise<void> {}

  /**
   * Cross-area reactions to a create or update, in its transaction after the change (default:
   * none); what it returns runs once the transaction has committed (sending live events).
   */
  protected async afterWrite(_context: WriteContext<R>): Promise<(() => void) | void> {}

  /** A stored row as the API answers it (default: its id and declared fields). */
  protected toView(row: ResourceRow<R>): ResourceRecord<R> {
    return { id: row.id, ...this.fieldValues(row) } as ResourceRecord<R>;
  }

  // ------------------------------------------------------------------------------- the calls

  async list(query: ListQuery): Promise<PageOf<ResourceRecord<R>>> {
    const { sortable, searchable, defaultSort } = this.resource.list;
    type Column = keyof ResourceRow<R> & string;
    const kindOf = (field: string) => this.resource.fields[field]?.kind;
    const labelled = listColumns(this.resource)
      .map((column) => column.field)
      .filter((field) => ['choice', 'reference', 'integerSet'].includes(kindOf(field) ?? ''));
    const page = await this.tenantDb.repository(this.entity).page(query, {
      searchable: searchable as Column[],
      labelled: labelled as Column[],
      labelledSets: labelled.filter((field) => kindOf(field) === 'integerSet') as Column[],
      sortable: [defaultSort, ...sortable.filter((name) => name !== defaultSort), 'id'] as Column[],
    });
    return { ...page, items: page.items.map((row) => this.toView(row)) };
  }

  async get(id: number): Promise<ResourceRecord<R>> {
    return this.toView(await this.tenantDb.repository(this.entity).findOne(id));
  }

  async create(input: ResourceValues): Promise<ResourceRecord<R>> {
    const { view, committed } = await this.write(async (scope) => {
      const values = await this.prepare(input, { scope });
      const view = this.toView(await scope.repository(this.entity).create(values as DeepPartial<ResourceRow<R>>));
      return { view, committed: await this.afterWrite({ scope }) };
    });
    committed?.();
    return view;
  }

  async update(id: number, patch: ResourceValues): Promise<ResourceRecord<R>> {
    const { view, committed } = await this.write(async (scope) => {
      const repository = scope.repository(this.entity);
      const current = await repository.findOne(id);
      // A partial change is checked as the whole record it makes.
      const merged = checkWhole(this.schemas.create, { ...this.fieldValues(current), ...definedOnly(patch) });
      const values = await this.prepare(merged, { scope, current });
      const view = this.toView(await repository.update(id, values as DeepPartial<ResourceRow<R>>));
      return { view, committed: await this.afterWrite({ scope, current }) };
    });
    committed?.();
    return view;
  }

  remove(id: number): Promise<void> {
    return this.write(async (scope) => {
      const current = await scope.repository(this.entity).findOne(id);
      await this.constraints.refuseIfInUse(scope, this.resource.table, current.id);
      await scope.repository(this.entity).remove(current.id);
    });
  }

  // --------------------------------------------------------------------------------- helpers

  /** The declared fields of a row. */
  protected fieldValues(row: ResourceRow<R>): ResourceValues {
    const source = row as Record<string, unknown>;
    return Object.fromEntries(Object.keys(this.resource.fields).map((name) => [name, source[name] ?? null]));
  }

  private async prepare(values: ResourceValues, context: WriteContext<R>): Promise<ResourceValues> {
    await this.checkReferences(context.scope, values);
    const normalised = this.normalise(values, context);
    await this.check(normalised, context);
    return normalised;
  }

  /** A referenced record must be one of the company's: another company's answers like a missing one (row-level security). */
  private async checkReferences(scope: TenantScope, values: ResourceValues): Promise<void> {
    for (const [name, definition] of Object.entries(this.resource.fields)) {
      const value = values[name];
      if (definition.kind !== 'reference' || value === null || value === undefined) continue;
      const rows: unknown[] = await scope.manager.query(`select 1 from "${resourceNamed(definition.to).table}" where id = $1`, [value]);
      if (rows.length === 0) throw fieldError(name, messages.referenceMissing);
    }
  }

  /** One transaction; the database's refusals (unique, foreign keys) become the API's answers. */
  private async write<T>(work: (scope: TenantScope) => Promise<T>): Promise<T> {
    try {
      return await this.tenantDb.transaction(work);
    } catch (error) {
      throw await this.constraints.translate(error, this.resource);
    }
  }
}

const definedOnly = (values: ResourceValues) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
