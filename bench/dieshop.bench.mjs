// Die-shop benchmark (issue 13), part of `npm run bench`, not of `npm test`.
// One company with 5,000 die copies and 2,000,000 die events (400 per copy), generated with
// set-based SQL on top of the demo seed. Measured one request at a time (REQUESTS each, p50 and
// p99): the inventory's first page filtered by "nitrurado próximo" and the die summary of a copy
// with 400 events, through the API, beside the same statements run by the same service code on a
// plain `pg` client (no HTTP, guard, validation or JSON: the baseline).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plainTenantDb, printLatencyTable, startBenchApi, viaApi, timed } from './measure.mjs';
import { freePort, signIn, waitForApi } from './ports.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const COPIES = 5_000;
const EVENTS_PER_COPY = 400;
const REQUESTS = Number(process.env.BENCH_REQUESTS || 100);
const STATES = ['in_stock', 'enlistment', 'oven', 'press', 'cleaning', 'in_stock', 'nitriding', 'in_stock'];

async function seedVolume(admin, companyId, userId) {
  const profiles = (await admin.query(`select id from profile where company_id = $1 order by id`, [companyId])).rows.map((row) => row.id);
  // Copies in stock mostly, some away; counters spread from fresh to past the family's interval.
  await admin.query(
    `insert into die (company_id, die_reference, copy_number, description, state, profile_id, die_type, location, billets_total, kg_total, runs_total,
                      billets_since_nitriding, kg_since_nitriding, nitriding_count, created_at)
     select $1, 'BD-' || lpad((g / 3)::text, 5, '0'), 1 + g % 3, 'Copia de banco', (array['in_stock', 'in_stock', 'in_stock', 'cleaning', 'nitriding', 'correction'])[1 + g % 6],
            ($2::int[])[1 + g % cardinality($2::int[])], (array['solid', 'semi_hollow', 'hollow', 'multi_cavity'])[1 + g % 4],
            'Banco ' || chr(65 + g % 6) || '-' || (g % 40), 4000 + g % 3000, 200000 + (g % 97) * 3000, 60 + g % 40,
            g % 250, (g % 110) * 250, g % 6, now() - interval '3 years'
       from generate_series(1, $3) g`,
    [companyId, profiles, COPIES],
  );
  // 400 events per copy over three years, moving through the daily cycle.
  await admin.query(
    `insert into die_event (company_id, die_id, at, user_id, kind, from_state, to_state, note)
     select $1, d.id, d.created_at + e * interval '65 hours', $2,
            (array['enlistment', 'enlistment', 'run', 'run', 'confirmation', 'cleaning', 'nitriding', 'nitriding'])[1 + e % 8],
            case when e = 0 then null else ($3::varchar[])[1 + (e - 1) % 8] end, ($3::varchar[])[1 + e % 8], ''
       from die d cross join generate_series(0, $4 - 1) e
      where d.company_id = $1 and d.die_reference like 'BD-%'`,
    [companyId, userId, STATES, EVENTS_PER_COPY],
  );
  await admin.query('vacuum analyze die, die_event');
  const count = async (sql) => Number((await admin.query(sql, [companyId])).rows[0].count);
  return {
    copies: await count(`select count(*) from die where company_id = $1`),
    events: await count(`select count(*) from die_event where company_id = $1`),
    die: (await admin.query(`select id from die where company_id = $1 and die_reference like 'BD-%' order by id limit 1`, [companyId])).rows[0].id,
  };
}

export async function runDieshopBench() {
  if (!existsSync(join(ROOT, 'api', 'dist', 'dieshop', 'die-summary.service.js'))) {
    console.log('Die-shop bench: build first (npx nx run-many -t build).');
    return;
  }
  const portal = await startBenchApi(ROOT, 'dieshop', { freePort, waitForApi });
  try {
    const login = await signIn(portal.base, 'jefe@norte.example');
    const companyId = login.user.data.company_id;
    const loading = Date.now();
    const volume = await seedVolume(portal.admin, companyId, login.user.data.id);
    console.log(
      `\nDie-shop bench: ${volume.copies.toLocaleString('en')} die copies and ${volume.events.toLocaleString('en')} die events in one company (loaded in ${Math.round((Date.now() - loading) / 1000)} s); ${REQUESTS} requests each, one at a time.\n`,
    );
    const headers = { authorization: `Bearer ${login.access_token}` };
    const get = (path) => async () => {
      const response = await fetch(`${portal.base}/api${path}`, { headers });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      await response.arrayBuffer();
    };
    const { TENANT_SETTING } = require(join(ROOT, 'api', 'dist', 'database', 'tenant-policy.js'));
    const { DieCopyService } = require(join(ROOT, 'api', 'dist', 'dieshop', 'die-copy.service.js'));
    const { DieSummaryService } = require(join(ROOT, 'api', 'dist', 'dieshop', 'die-summary.service.js'));
    const tenantDb = plainTenantDb(portal.app, companyId, TENANT_SETTING);
    const copies = new DieCopyService(tenantDb, null);
    const summaries = new DieSummaryService(tenantDb);
    const inventoryQuery = { page: 1, pageSize: 50, direction: 'desc', sort: 'nitriding', nitriding: 'soon' };
    const rows = [
      ['inventory, nitriding due (page of 50) via API', await timed(get('/die/all?nitriding=soon&sort=nitriding&direction=desc&pageSize=50'), REQUESTS)],
      ['inventory, same statements via plain pg', await timed(() => copies.inventory(inventoryQuery), REQUESTS)],
      ['inventory, whole list (page of 50) via API', await timed(get('/die/all?pageSize=50'), REQUESTS)],
      ['inventory, whole list via plain pg', await timed(() => copies.inventory({ page: 1, pageSize: 50, direction: 'asc' }), REQUESTS)],
      [`die summary (${EVENTS_PER_COPY} events) via API`, await timed(get(`/die/${volume.die}/summary`), REQUESTS)],
      ['die summary, same statements via plain pg', await timed(() => summaries.summary(volume.die), REQUESTS)],
    ];
    printLatencyTable(rows, viaApi);
  } finally {
    await portal.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runDieshopBench();
