import { EntitySchema, type EntitySchemaColumnOptions } from 'typeorm';
import type { FieldDefinition, FieldValue, ResourceDefinition } from '@planta/contracts';
import { numeric } from '../database/numeric';

/** A stored row of a resource: its id, its company and its declared fields. */
export type ResourceRow<R extends ResourceDefinition> = { id: number; company_id: number } & { [K in keyof R['fields']]: FieldValue<R['fields'][K]> };

function column(definition: FieldDefinition): EntitySchemaColumnOptions {
  switch (definition.kind) {
    case 'text':
      return definition.multiline ? { type: 'text' } : { type: 'varchar', length: definition.max };
    case 'number':
      return { type: 'numeric', nullable: Boolean(definition.nullable) || !definition.required, transformer: numeric };
    case 'integer':
      return { type: 'int', nullable: Boolean(definition.nullable) || !definition.required };
    case 'choice':
      return { type: 'varchar', nullable: Boolean(definition.nullable) };
    case 'reference':
      return { type: 'int', nullable: !definition.required };
    case 'time':
      return { type: 'varchar', length: 5 };
    case 'date':
      return { type: 'date', nullable: !definition.required };
    case 'integerSet':
      return { type: 'int', array: true };
  }
}

const entities = new WeakMap<ResourceDefinition, EntitySchema>();

/**
 * The TypeORM mapping of a resource, derived from its declaration (the table itself is the
 * hand-written SQL of a migration; a test compares both). Made once per resource.
 */
export function entityOf<R extends ResourceDefinition>(resource: R): EntitySchema<ResourceRow<R>> {
  let entity = entities.get(resource);
  if (!entity) {
    entity = new EntitySchema<ResourceRow<R>>({
      name: resource.table,
      tableName: resource.table,
      columns: {
        id: { type: 'int', primary: true, generated: 'increment' },
        company_id: { type: 'int' },
        ...Object.fromEntries(Object.entries(resource.fields).map(([name, definition]) => [name, column(definition)])),
      } as EntitySchema<ResourceRow<R>>['options']['columns'],
    }) as unknown as EntitySchema;
    entities.set(resource, entity);
  }
  return entity as unknown as EntitySchema<ResourceRow<R>>;
}
