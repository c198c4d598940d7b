import type { EntityManager } from 'typeorm';

/** A small deterministic generator (mulberry32), seeded per plant. */
export function randomOf(seed: string) {
  let state = [...seed].reduce((hash, char) => (Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0) as number, 2166136261);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (low: number, high: number) => low + (high - low) * next(),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
  };
}

/** Inserts rows into a table in one statement (their columns typed as the table's); `returning` as in SQL. */
export async function insertRows(manager: EntityManager, table: string, rows: Record<string, unknown>[], returning = ''): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  const types = await columnTypes(manager, table, columns);
  const list = columns.map((column) => `"${column}"`).join(', ');
  const record = columns.map((column) => `"${column}" ${types[column]}`).join(', ');
  return manager.query(`insert into ${table} (${list}) select ${list} from jsonb_to_recordset($1::jsonb) as row(${record}) ${returning}`, [
    JSON.stringify(rows),
  ]);
}

async function columnTypes(manager: EntityManager, table: string, columns: string[]): Promise<Record<string, string>> {
  const rows: { column_name: string; type: string }[] = await manager.query(
    `select attname as column_name, format_type(atttypid, atttypmod) as type from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped`,
    [table],
  );
  const types = Object.fromEntries(rows.map((row) => [row.column_name, row.type]));
  return Object.fromEntries(columns.map((column) => [column, types[column]]));
}
