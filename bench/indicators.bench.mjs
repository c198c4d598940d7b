// Indicators benchmark (issue 16), part of `npm run bench`, not of `npm test`.
// One year of one company at the volumes of issues 5, 10 and 11 scaled to a year: its three presses
// extruding around the clock (a run in every 3-hour slot, a long failure in one slot of 40), each
// run with its 10-minute dimension checks (two dimensions a check, one check in 20 missed), stops
// between runs and on the other machines, a year of work orders, die copies and corrections,
// generated with set-based SQL on top of the demo seed. Measured one request at a time (REQUESTS
// each, p50 and p99): the production, maintenance and die-shop indicators for the last month and
// the last year, and the area summary, through the API, beside the same statements run by the same
// service code (api/dist/indicators, whose SQL is indicators.queries.js) on a plain `pg` client in a
// transaction scoped to the company as TenantDb does (no HTTP, guard, validation or JSON: the
// baseline); then the indicators page's time to usable in Chromium (median of 5 cold loads).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, median, pad, plainTenantDb, printLatencyTable, signedInContext, startBenchApi, timed as timedN, viaApi } from './measure.mjs';
import { freePort, signIn, waitForApi } from './ports.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const DAYS = 365;
const SLOT_HOURS = 3; // one run per press in each slot: 8 a day
const SLOTS = (DAYS * 24) / SLOT_HOURS;
const FAILURE_EVERY = 40; // one slot in 40 is a long failure stop instead of a run
const DIE_COPIES = 240;
const WORK_ORDERS = 4_000;
const CORRECTIONS = 300;
const REQUESTS = Number(process.env.BENCH_REQUESTS || 30);
/** Per measure: a call that takes seconds (the production figures of a year) is timed fewer times. */
const BUDGET_MS = Number(process.env.BENCH_BUDGET_MS || 45_000);
const LOADS = 5;
const timed = (call) => timedN(call, REQUESTS, BUDGET_MS);

const ACCOUNT = 'admin@norte.example';
const INDICATORS_ROUTE = '/apps/dashboards/indicators';
/** The page is usable when the OEE widget shows its figure (the widget renders it once its figures arrived). */
const USABLE_SELECTOR = '[data-testid="figure-oee"]';

export async function seedVolume(admin, companyId, userId, start) {
  const ids = async (sql) => (await admin.query(sql, [companyId])).rows.map((row) => row.id);
  const profiles = await ids(`select id from profile where company_id = $1 order by id`);
  const alloys = await ids(`select id from aluminum_alloy where company_id = $1 order by id`);
  const finishes = await ids(`select id from finish where company_id = $1 order by id`);
  // Die copies: mostly in stock, some in the shop, one in 40 scrapped during the year.
  await admin.query(
    `insert into die (company_id, die_reference, copy_number, description, state, profile_id, die_type, location, created_at, state_since, scrapped_at, scrapped_reason)
     select $1, 'IB-' || lpad((g / 2)::text, 4, '0'), 1 + g % 2, 'Copia de banco', s.state, ($2::int[])[1 + g % cardinality($2::int[])],
            (array['solid', 'semi_hollow', 'hollow', 'multi_cavity'])[1 + g % 4], 'Banco ' || chr(65 + g % 6) || '-' || (g % 40),
            $3::timestamptz - interval '200 days', $3::timestamptz + (g * 3 % 360) * interval '1 day',
            case when s.state = 'scrapped' then $3::timestamptz + (g * 3 % 360) * interval '1 day' end, case when s.state = 'scrapped' then 'Desgaste' else '' end
       from generate_series(1, $4) g
       cross join lateral (select case when g % 40 = 0 then 'scrapped'
                                       else (array['in_stock', 'in_stock', 'cleaning', 'in_stock', 'nitriding', 'in_stock', 'correction', 'in_stock', 'trial', 'in_stock'])[1 + g % 10]
                                  end as state) s`,
    [companyId, profiles, start, DIE_COPIES],
  );
  const dies = await ids(`select id from die where company_id = $1 and die_reference like 'IB-%' order by id`);
  // Orders: one for each two slots of a press, finished.
  await admin.query(
    `insert into production_order (company_id, number, customer, profile, die_id, alloy_id, finish_id, length_mm, quantity_pieces, quantity_kg, due_date, line_id, status,
                                   board_position, finished_at, created_at)
     select $1, 'IB-' || line.id || '-' || lpad(j::text, 5, '0'),
            (array['Aluminios Andinos', 'Perfiles Costa', 'Ventanas del Sol', 'Carpintería Norte', 'Fachadas Levante'])[1 + j % 5], 'Perfil ' || (j % 397),
            ($2::int[])[1 + (j * 7 + line.id * 31) % cardinality($2::int[])], ($3::int[])[1 + j % cardinality($3::int[])],
            ($4::int[])[1 + j % cardinality($4::int[])], 6000, 200 + j % 800, 1000 + j % 5000,
            ($5::timestamptz + j * 2 * $6 * interval '1 hour')::date + 3, line.id, 'finished', j,
            $5::timestamptz + (j + 1) * 2 * $6 * interval '1 hour', $5::timestamptz + j * 2 * $6 * interval '1 hour' - interval '2 days'
       from extrusion_line line cross join generate_series(0, $7 / 2 - 1) j
      where line.company_id = $1`,
    [companyId, dies, alloys, finishes, start, SLOT_HOURS, SLOTS],
  );
  // Runs: one per slot and press, 120–165 minutes from the slot's start, kg at 72–104 % of the line's goal.
  await admin.query(
    `insert into order_die (company_id, order_id, die_id, line_id, started_by, start_extrusion_time, end_extrusion_time, billets_pushed, billet_kg, good_kg, scrap_kg)
     select $1, o.id, o.die_id, s.line_id, $2, s.started, s.started + s.minutes * interval '1 minute', greatest(1, s.minutes / 3),
            round(s.good * 1.18, 1), round(s.good, 1), round(s.good * 0.06, 1)
       from (select line.id as line_id, k, $3::timestamptz + k * $4 * interval '1 hour' as started, 120 + (k * 37 + line.id * 11) % 46 as minutes,
                    (120 + (k * 37 + line.id * 11) % 46) / 60.0 * line.net_productivity_goal_kg_h * (0.72 + (k * 13 + line.id) % 33 / 100.0) as good
               from extrusion_line line cross join generate_series(0, $5 - 1) k
              where line.company_id = $1 and k % $6 <> 7) s
       join production_order o on o.company_id = $1 and o.number = 'IB-' || s.line_id || '-' || lpad((s.k / 2)::text, 5, '0')
      order by s.started`,
    [companyId, userId, start, SLOT_HOURS, SLOTS, FAILURE_EVERY],
  );
  // The 10-minute checks: both dimensions a few minutes after each mark, one mark in 20 missed.
  await admin.query(
    `insert into dimension_record (company_id, order_die_id, dimension_text, dimension_value, date_saved, saved_by)
     select $1, run.id, dim.text, 10 + (m % 7) * 0.01, run.start_extrusion_time + m * interval '10 minutes' + (1 + (run.id + m) % 8) * interval '1 minute', $2
       from order_die run
       join production_order o on o.id = run.order_id and o.number like 'IB-%'
       cross join lateral generate_series(1, floor(extract(epoch from run.end_extrusion_time - run.start_extrusion_time) / 600)::int) m
       cross join (values ('DimensionA'), ('DimensionB')) dim(text)
      where run.company_id = $1 and (run.id * 7 + m) % 20 <> 0`,
    [companyId, userId],
  );
  // Press stops: the long failures in their slots, and a stop in the gap after every other run
  // (die changes mostly); none where the demo seed already has a stop.
  await admin.query(
    `insert into machine_stop (company_id, machine_id, line_id, started_at, ended_at, planned, cause)
     select $1, press.id, press.line_id, s.started, s.ended, s.cause = 'planned', s.cause
       from machine press cross join generate_series(0, $3 - 1) k
       cross join lateral (
         select case when k % $5 = 7 then $2::timestamptz + k * $4 * interval '1 hour'
                     else $2::timestamptz + k * $4 * interval '1 hour' + (122 + (k * 37 + press.line_id * 11) % 46) * interval '1 minute' end as started,
                case when k % $5 = 7 then $2::timestamptz + k * $4 * interval '1 hour' + (120 + k % 5 * 10) * interval '1 minute'
                     else $2::timestamptz + (k + 1) * $4 * interval '1 hour' - interval '3 minutes' end as ended,
                case when k % $5 = 7 then (array['mechanical', 'hydraulic', 'electrical', 'die'])[1 + (k / $5) % 4]
                     else (array['die_change', 'die_change', 'billet_shortage', 'planned', 'die_change', 'other', 'mechanical', 'die'])[1 + (k / 2) % 8] end as cause
       ) s
      where press.company_id = $1 and press.type = 'press' and press.line_id is not null and (k % $5 = 7 or k % 2 = 0)
        and not exists (select 1 from machine_stop other
                         where other.machine_id = press.id and tstzrange(other.started_at, other.ended_at, '[)') && tstzrange(s.started, s.ended, '[)'))`,
    [companyId, start, SLOTS, SLOT_HOURS, FAILURE_EVERY],
  );
  // The other machines: two stops a week each, 1–6 hours.
  await admin.query(
    `insert into machine_stop (company_id, machine_id, line_id, started_at, ended_at, planned, cause)
     select $1, m.id, m.line_id, s.started, s.started + (1 + (m.id + w) % 6) * interval '1 hour', s.cause = 'planned', s.cause
       from machine m cross join generate_series(0, $3 / 7 - 2) w cross join generate_series(0, 1) j
       cross join lateral (select $2::timestamptz + (w * 7 + j * 3 + m.id % 3) * interval '1 day' + (6 + m.id % 12) * interval '1 hour' as started,
                                  (array['mechanical', 'hydraulic', 'electrical', 'planned', 'other', 'mechanical', 'electrical', 'planned'])[1 + (m.id + w + j) % 8] as cause) s
      where m.company_id = $1 and m.type <> 'press'
        and not exists (select 1 from machine_stop other
                         where other.machine_id = m.id and tstzrange(other.started_at, other.ended_at, '[)') && tstzrange(s.started, s.started + interval '6 hours', '[)'))`,
    [companyId, start, DAYS],
  );
  // A year of work orders over the company's machines: the oldest verified, the newest over the board's columns.
  const machines = await ids(`select id from machine where company_id = $1 order by id`);
  await admin.query(
    `insert into work_order (company_id, number, type, machine_id, title, priority, status, hold_reason, board_position, assignee_id, created_by, created_at, due_at,
                             started_at, completed_at, verified_by, verified_at)
     select $1, 'OT-IB-' || lpad(g::text, 6, '0'), w.type, ($3::int[])[1 + g % cardinality($3::int[])], 'Orden de banco ' || g,
            (array['low', 'medium', 'high', 'urgent'])[1 + g % 4], w.status, case when w.status = 'on_hold' then 'spare_part' end, g,
            case when w.status <> 'pending' then $2::int end, $2::int, w.created, w.created + interval '7 days',
            case when w.status in ('in_progress', 'on_hold', 'completed', 'verified') then w.created + interval '3 hours' end,
            case when w.status in ('completed', 'verified') then w.created + (4 + g % 200) * interval '1 hour' end,
            case when w.status = 'verified' then $2::int end,
            case when w.status = 'verified' then w.created + (5 + g % 200) * interval '1 hour' end
       from generate_series(1, $4) g
       cross join lateral (select $5::timestamptz + (g - 1) * ($6 * 1.0 / $4) * interval '1 day' as created,
                                  (array['corrective', 'preventive', 'preventive', 'improvement'])[1 + g % 4] as type,
                                  case when g > $4 - 120 then (array['pending', 'assigned', 'in_progress', 'on_hold', 'completed', 'verified', 'cancelled'])[1 + g % 7]
                                       else (array['verified', 'verified', 'verified', 'verified', 'verified', 'verified', 'cancelled'])[1 + g % 7] end as status) w`,
    [companyId, userId, machines, WORK_ORDERS, start, DAYS],
  );
  // Corrections through the year on the bench's dies, the last ones still open (one open per die).
  await admin.query(
    `insert into correction_record (company_id, die_id, description, status, created_by, opened_at, closed_at, number, origin, severity, due_at, effectiveness)
     select $1, ($3::int[])[1 + g % cardinality($3::int[])], 'Corrección de banco ' || g, c.status, $2, c.opened,
            case when c.status in ('closed', 'discarded') then c.opened + interval '3 days' end, 'CB-IB-' || lpad(g::text, 5, '0'),
            (array['press', 'quality', 'customer', 'trial', 'cleaning'])[1 + g % 5], (array['minor', 'major', 'critical'])[1 + g % 3],
            c.opened + interval '5 days', case when c.status = 'closed' then 'effective' else 'pending' end
       from generate_series(1, $4) g
       cross join lateral (select $5::timestamptz + (g - 0.5) * ($6 * 1.0 / $4) * interval '1 day' as opened,
                                  case when g > $4 - 24 then (array['draft', 'reported', 'analysis', 'assigned', 'in_correction', 'in_trial'])[1 + g % 6]
                                       when g % 25 = 0 then 'discarded' else 'closed' end as status) c`,
    [companyId, userId, dies, CORRECTIONS, start, DAYS],
  );
  // Their corrector's reports: approved at the first trial, or (one in five) rejected and then approved.
  await admin.query(
    `insert into correction_report (company_id, correction_record_id, findings, corrector_id, started_at, attempt_no, hours, trial_result, finished_at)
     select r.company_id, r.id, 'Hallazgos de banco', $2, r.opened_at + a * interval '1 day', a, 2,
            case when a = 1 and r.id % 5 = 0 then 'rejected' else 'approved' end, r.opened_at + (1 + a) * interval '1 day'
       from correction_record r cross join generate_series(1, 2) a
      where r.company_id = $1 and r.number like 'CB-IB-%' and r.status = 'closed' and (a = 1 or r.id % 5 = 0)`,
    [companyId, userId],
  );
  // Settle the bulk load first, so that autovacuum does not run during the measurements.
  await admin.query(
    'vacuum analyze die, production_order, order_die, dimension_record, answered_check_marks, machine_stop, work_order, correction_record, correction_report, meter, meter_reading',
  );
  const count = async (table, where = '') =>
    Number((await admin.query(`select count(*) from ${table} where company_id = $1 ${where}`, [companyId])).rows[0].count);
  const yearAgo = `'${new Date(start.getTime()).toISOString()}'`;
  return {
    presses: await count('machine', `and type = 'press'`),
    machines: await count('machine'),
    orders: await count('production_order'),
    runs: await count('order_die'),
    runsInYear: await count('order_die', `and end_extrusion_time >= ${yearAgo}`),
    records: await count('dimension_record'),
    stops: await count('machine_stop'),
    pressStops: await count('machine_stop', `and machine_id in (select id from machine where type = 'press')`),
    workOrders: await count('work_order'),
    dies: await count('die'),
    corrections: await count('correction_record'),
    reports: await count('correction_report'),
  };
}

/** Cold loads of the indicators page (new context, empty cache, signed in), each timed from the navigation to the OEE figure visible. */
async function pageLoads(base, token) {
  const browser = await launchChromium();
  try {
    const load = async () => {
      const context = await signedInContext(browser, base, token, ACCOUNT);
      try {
        const page = await context.newPage();
        const started = performance.now();
        await page.goto(INDICATORS_ROUTE, { waitUntil: 'commit' });
        await page.locator(USABLE_SELECTOR).first().waitFor({ state: 'visible', timeout: 60_000 });
        return performance.now() - started;
      } finally {
        await context.close();
      }
    };
    // The first load (untimed) warms the API.
    await load();
    const times = [];
    for (let run = 0; run < LOADS; run++) times.push(await load());
    return { times, version: browser.version() };
  } finally {
    await browser.close();
  }
}

export async function runIndicatorsBench() {
  if (!existsSync(join(ROOT, 'api', 'dist', 'indicators', 'indicators.queries.js'))) {
    console.log('Indicators bench: build first (npx nx run-many -t build).');
    return;
  }
  const portal = await startBenchApi(ROOT, 'indicators', { freePort, waitForApi });
  try {
    const login = await signIn(portal.base, ACCOUNT);
    const token = login.access_token;
    const user = login.user.data;
    const companyId = user.company_id;
    const now = Date.now();
    // The year starts on the hour a year ago, so that the last slot ends before now.
    const start = new Date(Math.floor(now / 3_600_000) * 3_600_000 - DAYS * 86_400_000);
    const loading = Date.now();
    const volume = await seedVolume(portal.admin, companyId, user.id, start);
    const seconds = Math.round((Date.now() - loading) / 1000);
    console.log(
      `\nIndicators bench: one year of one company (bench rows on top of the demo seed) — ${volume.presses} presses and ${volume.machines} machines, ` +
        `${volume.orders.toLocaleString('en')} orders, ${volume.runs.toLocaleString('en')} runs (${volume.runsInYear.toLocaleString('en')} ended in the last year), ` +
        `${volume.records.toLocaleString('en')} dimension records, ${volume.stops.toLocaleString('en')} stops (${volume.pressStops.toLocaleString('en')} on presses), ` +
        `${volume.workOrders.toLocaleString('en')} work orders, ${volume.dies.toLocaleString('en')} die copies, ${volume.corrections.toLocaleString('en')} corrections ` +
        `with ${volume.reports.toLocaleString('en')} reports (loaded in ${seconds} s); ${REQUESTS} requests each, one at a time, after 5 warm-up calls ` +
        `(fewer where a call takes seconds: ${BUDGET_MS / 1000} s a measure, one warm-up, 3 requests at least); below 100 requests p99 is the slowest.\n`,
    );

    const headers = { authorization: `Bearer ${token}` };
    const get = (path) => async () => {
      const response = await fetch(`${portal.base}/api${path}`, { headers });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    // The API's own services (their statements are indicators.queries.js) on a plain pg client.
    const { TENANT_SETTING } = require(join(ROOT, 'api', 'dist', 'database', 'tenant-policy.js'));
    const { ProductionIndicatorsService } = require(join(ROOT, 'api', 'dist', 'indicators', 'production-indicators.service.js'));
    const { AreaIndicatorsService } = require(join(ROOT, 'api', 'dist', 'indicators', 'area-indicators.service.js'));
    const { AreaSummaryService } = require(join(ROOT, 'api', 'dist', 'indicators', 'area-summary.service.js'));
    const tenantDb = plainTenantDb(portal.app, companyId, TENANT_SETTING);
    const production = new ProductionIndicatorsService(tenantDb);
    const areas = new AreaIndicatorsService(tenantDb);
    const summary = new AreaSummaryService(tenantDb);
    const caller = { userId: user.id, uuid: '', email: ACCOUNT, roles: [], companyId };

    // Each period ends now: `from` alone (the month is also the endpoints' default period).
    const periods = [
      ['last 30 days', 30],
      ['last 365 days', 365],
    ];
    const rows = [];
    for (const [area, viaService] of [
      ['production', (query) => production.production(caller, query)],
      ['maintenance', (query) => areas.maintenance(caller, query)],
      ['dieshop', (query) => areas.dieshop(caller, query)],
    ]) {
      for (const [label, days] of periods) {
        const from = () => new Date(Date.now() - days * 86_400_000).toISOString();
        rows.push([`${area}, ${label} via API`, await timed(() => get(`/indicators/${area}?from=${encodeURIComponent(from())}`)())]);
        rows.push([`${area}, ${label} via plain pg (same SQL)`, await timed(() => viaService({ from: from() }))]);
      }
    }
    rows.push(['area summary via API', await timed(get('/area-summary'))]);
    rows.push(['area summary via plain pg (same SQL)', await timed(() => summary.summary(caller))]);

    let page;
    const pageNote = existsSync(join(ROOT, 'shell', 'dist', 'index.html')) ? null : 'the portal is not built (npx nx run-many -t build)';
    if (!pageNote) page = await pageLoads(portal.base, token);

    printLatencyTable(rows, viaApi);
    if (page) {
      const sorted = [...page.times].sort((a, b) => a - b);
      console.log(
        `${pad(`indicators page usable, cold (median of ${LOADS})`, 56)} ${pad(LOADS, 5, true)} ${pad(median(page.times).toFixed(0), 8, true)} ${pad(sorted.at(-1).toFixed(0), 8, true)}`,
      );
      console.log(
        `  (Chromium ${page.version}, ${INDICATORS_ROUTE} signed in as ${ACCOUNT}, a new context each load; timed from navigation to the OEE figure visible; ` +
          `fastest ${sorted[0].toFixed(0)} ms, slowest in the p99 column)`,
      );
    } else {
      console.log(`indicators page in the browser: skipped, ${pageNote}`);
    }
  } finally {
    await portal.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runIndicatorsBench();
