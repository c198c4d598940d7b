// Maintenance benchmark (issue 12), part of `npm run bench`, not of `npm test`.
// One company with 50 machines, 5 years of stops (several per machine and month), 20,000 work
// orders over the board's columns, failure reports, plans and meter readings, generated with
// set-based SQL. Measured one request at a time (REQUESTS each, p50 and p99): the machine summary
// and the dashboard through the API, beside the same statements run by the same service code on
// a plain `pg` client (no HTTP, guard, validation or JSON: the baseline); and the board's load.
// The board's API (`GET /api/maintenance-board`) belongs to another slice of the issue: where it
// is not built in, the equivalent SQL of a board load is measured instead, and the table says so.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { plainTenantDb, printLatencyTable, startBenchApi, viaApi, timed as timedN } from './measure.mjs';
import { freePort, signIn, waitForApi } from './ports.mjs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const MACHINES = 50;
const PRESSES = 10;
const YEARS = 5;
const STOPS_PER_MONTH = 4;
const WORK_ORDERS = 20_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS || 100);
const timed = (call) => timedN(call, REQUESTS);

/** The setting that scopes a transaction to one company (api/src/database/tenant-policy.ts), once built. */
const tenantSetting = () => require(join(ROOT, 'api', 'dist', 'database', 'tenant-policy.js')).TENANT_SETTING;

export async function seedVolume(admin, companyId, userId) {
  const lines = (await admin.query(`select id from extrusion_line where company_id = $1 order by id`, [companyId])).rows.map((row) => row.id);
  // 50 machines: 10 presses (each gets its production meters from the trigger) and 40 others, each on a line.
  await admin.query(
    `insert into machine (company_id, name, code, type, line_id, status, criticality)
     select $1, case when g <= $3 then 'Prensa banco ' else 'Equipo banco ' end || g, 'BM-' || g,
            case when g <= $3 then 'press' else (array['billet-furnace', 'die-oven', 'puller', 'saw', 'stretcher'])[1 + g % 5] end,
            ($2::int[])[1 + g % cardinality($2::int[])], 'operating', (array['A', 'B', 'C'])[1 + g % 3]
       from generate_series(1, $4) g`,
    [companyId, lines, PRESSES, MACHINES],
  );
  const machines = (await admin.query(`select id from machine where company_id = $1 and code like 'BM-%' order by id`, [companyId])).rows.map((row) => row.id);
  // Stops: STOPS_PER_MONTH per machine and month over YEARS, a week apart (never overlapping), 1–10 h long.
  await admin.query(
    `insert into machine_stop (company_id, machine_id, line_id, started_at, ended_at, planned, cause)
     select $1, m.id, m.line_id, s.started, s.started + (1 + (m.id + month * 7 + j) % 10) * interval '1 hour', s.cause = 'planned', s.cause
       from machine m
       cross join generate_series(0, $2 * 12 - 1) month
       cross join generate_series(0, $3 - 1) j
       cross join lateral (select now() - ($2 * 365) * interval '1 day' + (month * 30 + j * 7 + m.id % 5) * interval '1 day' + (m.id % 24) * interval '1 hour' as started,
                                  (array['mechanical', 'hydraulic', 'electrical', 'die', 'billet_shortage', 'die_change', 'planned', 'other'])[1 + (m.id + month + j) % 8] as cause) s
      where m.company_id = $1 and m.code like 'BM-%' and s.started < now() - interval '1 day'`,
    [companyId, YEARS, STOPS_PER_MONTH],
  );
  // A failure report for each unplanned failure stop.
  await admin.query(
    `insert into failure_report (company_id, number, machine_id, line_id, kind, severity, machine_stopped, description, reported_by, reported_at, status)
     select $1, 'RF-B-' || lpad(row_number() over (order by s.id)::text, 6, '0'), s.machine_id, s.line_id, 'failure',
            (array['low', 'medium', 'high', 'critical'])[1 + s.id % 4], true, 'Falla de banco', $2, s.started_at, 'accepted'
       from machine_stop s where s.company_id = $1 and not s.planned and s.cause in ('mechanical', 'hydraulic', 'electrical', 'die', 'other')`,
    [companyId, userId],
  );
  // 20,000 work orders over 5 years: the oldest verified, the newest spread over the columns.
  await admin.query(
    `insert into work_order (company_id, number, type, machine_id, title, priority, status, hold_reason, board_position, assignee_id, created_by, created_at, due_at,
                             started_at, completed_at, verified_by, verified_at, failure_report_id)
     select $1, 'OT-B-' || lpad(g::text, 6, '0'), w.type, ($3::int[])[1 + g % cardinality($3::int[])], 'Orden de banco ' || g,
            (array['low', 'medium', 'high', 'urgent'])[1 + g % 4], w.status, case when w.status = 'on_hold' then 'spare_part' end, g,
            case when w.status <> 'pending' then $2::int end, $2::int, w.created, w.created + interval '7 days',
            case when w.status in ('in_progress', 'on_hold', 'completed', 'verified') then w.created + interval '3 hours' end,
            case when w.status in ('completed', 'verified') then w.created + (4 + g % 200) * interval '1 hour' end,
            case when w.status = 'verified' then $2::int end,
            case when w.status = 'verified' then w.created + (5 + g % 200) * interval '1 hour' end,
            null
       from generate_series(1, $4) g
       cross join lateral (select now() - ($4 - g) * ($5 * 365.0 / $4) * interval '1 day' as created,
                                  (array['corrective', 'preventive', 'preventive', 'improvement'])[1 + g % 4] as type,
                                  case when g > $4 - 400 then (array['pending', 'assigned', 'in_progress', 'on_hold', 'completed', 'verified', 'cancelled'])[1 + g % 7]
                                       else (array['verified', 'verified', 'verified', 'verified', 'verified', 'verified', 'cancelled'])[1 + g % 7] end as status) w`,
    [companyId, userId, machines, WORK_ORDERS, YEARS],
  );
  // Plans: two per machine, one by calendar due around now, one by counter on the presses' hours.
  await admin.query(
    `insert into pm_plan (company_id, name, machine_id, trigger, every_n, unit, next_due_on)
     select $1, 'Plan banco calendario ' || m.id, m.id, 'calendar', 1, 'month', current_date + (m.id % 20 - 5)
       from machine m where m.company_id = $1 and m.code like 'BM-%'`,
    [companyId],
  );
  await admin.query(
    `insert into pm_plan (company_id, name, machine_id, trigger, meter_id, interval_value, next_due_value)
     select $1, 'Plan banco contador ' || meter.id, meter.machine_id, 'counter', meter.id, 500, 500 + (meter.id % 5) * 100
       from meter join machine m on m.id = meter.machine_id where m.company_id = $1 and m.code like 'BM-%'`,
    [companyId],
  );
  // Meter readings: one a day for 5 years on each production meter of the bench presses.
  await admin.query(
    `insert into meter_reading (company_id, meter_id, value, delta, read_at, source)
     select $1, meter.id, d * 16, 16, now() - ($2 * 365 - d) * interval '1 day', 'production'
       from meter join machine m on m.id = meter.machine_id
       cross join generate_series(1, $2 * 365) d
      where m.company_id = $1 and m.code like 'BM-%'`,
    [companyId, YEARS],
  );
  await admin.query(
    `update meter set value = last.value from (select meter_id, max(value) as value from meter_reading group by meter_id) last where last.meter_id = meter.id and meter.company_id = $1`,
    [companyId],
  );
  await admin.query('vacuum analyze machine, machine_stop, failure_report, work_order, pm_plan, meter, meter_reading');
  const count = async (table) => Number((await admin.query(`select count(*) from ${table} where company_id = $1`, [companyId])).rows[0].count);
  return {
    machines: await count('machine'),
    stops: await count('machine_stop'),
    orders: await count('work_order'),
    reports: await count('failure_report'),
    readings: await count('meter_reading'),
    press: machines[0],
  };
}

/** The service's own statements, on a plain pg client in a transaction scoped to the company (as TenantDb does). */
function plainService(pool, companyId) {
  const { MachineSummaryService } = require(join(ROOT, 'api', 'dist', 'maintenance', 'machine-summary.service.js'));
  return new MachineSummaryService(plainTenantDb(pool, companyId, tenantSetting()));
}

/** What a board load reads: every open card and the cards finished in the last 30 days, in column order. */
const BOARD_SQL = `
  select wo.id, wo.number, wo.type, wo.title, wo.priority, wo.status, wo.blocked, wo.blocked_reason, wo.board_position, wo.due_at,
         machine.name as machine_name, assignee.display_name as assignee_name
    from work_order wo
    left join machine on machine.id = wo.machine_id
    left join app_user assignee on assignee.id = wo.assignee_id
   where wo.company_id = $1
     and (wo.status in ('pending', 'assigned', 'in_progress', 'on_hold')
          or (wo.status in ('completed', 'verified') and coalesce(wo.verified_at, wo.completed_at) > now() - interval '30 days'))
   order by wo.status, wo.board_position`;

export async function runMaintenanceBench() {
  const main = join(ROOT, 'api', 'dist', 'main.js');
  if (!existsSync(main) || !existsSync(join(ROOT, 'api', 'dist', 'maintenance', 'machine-summary.service.js'))) {
    console.log('Maintenance bench: build first (npx nx run-many -t build).');
    return;
  }
  const portal = await startBenchApi(ROOT, 'maintenance', { freePort, waitForApi });
  const { admin, app, base } = portal;
  try {
    const login = await signIn(base, 'jefe@norte.example');
    const token = login.access_token;
    const companyId = login.user.data.company_id;
    const seeded = Date.now();
    const volume = await seedVolume(admin, companyId, login.user.data.id);
    console.log(
      `\nMaintenance bench: ${volume.machines} machines, ${volume.stops.toLocaleString('en')} stops over ${YEARS} years, ${volume.orders.toLocaleString('en')} work orders, ${volume.reports.toLocaleString('en')} failure reports, ${volume.readings.toLocaleString('en')} meter readings in one company (loaded in ${Math.round((Date.now() - seeded) / 1000)} s); ${REQUESTS} requests each, one at a time.\n`,
    );

    const headers = { authorization: `Bearer ${token}` };
    const get = (path) => async () => {
      const response = await fetch(`${base}/api${path}`, { headers });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      await response.arrayBuffer();
    };
    const service = plainService(app, companyId);
    const boardApi = await fetch(`${base}/api/maintenance-board`, { headers });
    const boardBuilt = boardApi.status !== 404;
    const boardPlain = () => plainTenantDb(app, companyId, tenantSetting()).transaction(({ manager }) => manager.query(BOARD_SQL, [companyId]));
    const year = { from: new Date(Date.now() - 365 * 86_400_000).toISOString() };
    const rows = [
      ['machine summary via API (90 days)', await timed(get(`/machine/${volume.press}/summary`))],
      ['machine summary, same statements via plain pg', await timed(() => service.machineSummary(volume.press, {}))],
      ['machine summary via API (365 days)', await timed(get(`/machine/${volume.press}/summary?from=${encodeURIComponent(year.from)}`))],
      ['machine summary (365 days) via plain pg', await timed(() => service.machineSummary(volume.press, year))],
      ['dashboard via API (90 days)', await timed(get('/maintenance-dashboard'))],
      ['dashboard, same statements via plain pg', await timed(() => service.dashboard({}))],
      ['dashboard via API (365 days)', await timed(get(`/maintenance-dashboard?from=${encodeURIComponent(year.from)}`))],
      ['dashboard (365 days) via plain pg', await timed(() => service.dashboard(year))],
      boardBuilt
        ? ['GET /api/maintenance-board via API', await timed(get('/maintenance-board'))]
        : ['maintenance board: not built in; its SQL via plain pg', await timed(boardPlain)],
      ['maintenance board SQL via plain pg (baseline)', await timed(boardPlain)],
    ];

    printLatencyTable(rows, viaApi);
  } finally {
    await portal.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runMaintenanceBench();
