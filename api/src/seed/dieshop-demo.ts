import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { DieState, DieType, InspectionResult } from '@planta/contracts';
import { demoProfile, demoTolerance } from './demo-profiles';
import { profileDrawingPdf } from './profile-drawing.pdf';
import { demoCanvas, insertCorrections, REPAIRS, type AttemptPlan, type CorrectionPlan } from './corrections-demo';
import { insertRows, randomOf } from './seed-rows';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;

/** Each family's nitriding interval and expected life (domain.md B: plant practice, whichever comes first). */
const FAMILIES: Record<DieType, { billets: number; kg: number; life: number }> = {
  solid: { billets: 220, kg: 30_000, life: 900_000 },
  semi_hollow: { billets: 180, kg: 24_000, life: 700_000 },
  hollow: { billets: 160, kg: 20_000, life: 500_000 },
  multi_cavity: { billets: 160, kg: 20_000, life: 600_000 },
};
const COST: Record<DieType, number> = { solid: 2_400, semi_hollow: 3_600, hollow: 5_200, multi_cavity: 3_100 };
const SUPPLIERS = ['Matricería Bilbao S.L.', 'Utillajes del Vallès', 'DieTech Portugal', 'Matrices Levante'];
const NITRIDERS = ['Nitruraciones del Norte', 'Tratamientos Térmicos Avilés'];
const PEOPLE: Record<string, { technician: string; lead: string; operator: string }> = {
  'Extrusiones del Norte': { technician: 'matriceria@norte.example', lead: 'jefe@norte.example', operator: 'operario@norte.example' },
  'Perfiles del Sur': { technician: 'operario@sur.example', lead: 'admin@sur.example', operator: 'operario@sur.example' },
};

/** Today's open corrections of a plant, one per state of the correction board, in the order they are given copies. */
interface TodayCorrection {
  status: CorrectionPlan['status'];
  origin: CorrectionPlan['origin'];
  defect: string;
  label: 'A' | 'B' | null;
  description: string;
  severity: CorrectionPlan['severity'];
  corrector: boolean;
  dueDays: number;
  hoursAgo: number;
  attempts: ('open' | 'done' | 'rejected')[];
  discussion: CorrectionPlan['discussion'];
  /** The copy this one goes to, when it can (the chat speaks of it). */
  prefer?: string;
}
const IN_CORRECTION: TodayCorrection = {
  status: 'in_correction',
  origin: 'press',
  defect: 'Fuera de tolerancia dimensional',
  label: 'A',
  description: 'La cota A sale corta en los controles de 10 minutos desde la mitad de la corrida',
  severity: 'major',
  corrector: true,
  dueDays: 1,
  hoursAgo: 30,
  attempts: ['open'],
  discussion: [
    { by: 'lead', minutes: 20, text: (at) => `${at('technician')} te la asigno; el pedido vuelve a prensa el jueves.` },
    { by: 'technician', minutes: 180, text: (at) => `${at('lead')} portadas de la cara A desiguales, empiezo a aliviar.` },
  ],
};
const IN_TRIAL: TodayCorrection = {
  status: 'in_trial',
  origin: 'press',
  defect: 'Espesor de pared',
  label: 'B',
  description: 'Espesor de pared de la cara B por encima de la tolerancia',
  severity: 'major',
  corrector: true,
  dueDays: 2,
  hoursAgo: 50,
  attempts: ['done'],
  discussion: [
    { by: 'technician', minutes: 300, report: 0, text: (at) => `${at('lead')} frenada la portada 0,3 mm; lista para la prueba.` },
    { by: 'lead', minutes: 320, report: 0, text: () => 'La probamos en la prensa 2 en el próximo cambio.' },
  ],
};
const TODAY_NORTE: TodayCorrection[] = [
  IN_CORRECTION,
  IN_TRIAL,
  {
    status: 'assigned',
    origin: 'press',
    defect: 'Espesor de pared',
    label: 'B',
    description: 'Pared de la cara B gruesa en el extremo del perfil',
    severity: 'minor',
    corrector: true,
    dueDays: 3,
    hoursAgo: 26,
    attempts: [],
    discussion: [{ by: 'lead', minutes: 30, text: (at) => `${at('technician')} cuando termines la otra, esta.` }],
  },
  {
    status: 'reported',
    origin: 'quality',
    defect: 'Rayas de matriz',
    label: null,
    description: 'Calidad ve rayas longitudinales en la cara vista del lote de esta mañana',
    severity: 'minor',
    corrector: false,
    dueDays: 4,
    hoursAgo: 3,
    attempts: [],
    discussion: [],
  },
  {
    status: 'analysis',
    origin: 'customer',
    defect: 'Angularidad / planitud',
    label: null,
    description: 'Reclamación del cliente: el ángulo del ala larga está fuera en el último lote',
    severity: 'critical',
    corrector: false,
    dueDays: 2,
    hoursAgo: 20,
    attempts: [],
    discussion: [{ by: 'lead', minutes: 60, text: (at) => `${at('technician')} mira las muestras del cliente antes de asignarla.` }],
  },
  {
    status: 'in_trial',
    origin: 'press',
    defect: 'Fuera de tolerancia dimensional',
    label: 'A',
    description: 'La cota A sigue corta tras el primer intento',
    severity: 'major',
    corrector: true,
    dueDays: 1,
    hoursAgo: 70,
    attempts: ['rejected', 'done'],
    discussion: [{ by: 'technician', minutes: 900, report: 1, text: (at) => `${at('lead')} segundo intento hecho, aliviadas las esquinas.` }],
  },
];
const TODAY_SUR: TodayCorrection[] = [
  {
    ...IN_CORRECTION,
    defect: 'Torsión',
    label: null,
    description: 'Torsión del perfil a la salida',
    prefer: 'PS-0622-1',
  },
  IN_TRIAL,
  {
    status: 'reported',
    origin: 'quality',
    defect: 'Rayas de matriz',
    label: null,
    description: 'Rayas en la cara vista de la moldura',
    severity: 'minor',
    corrector: false,
    dueDays: 4,
    hoursAgo: 4,
    attempts: [],
    discussion: [],
  },
];

interface Die {
  id: number;
  die_reference: string;
  copy_number: number;
  description: string;
  state: DieState;
  created_at: Date;
}
interface Run {
  id: number;
  die_id: number;
  line_id: number;
  order_id: number;
  started_by: number | null;
  start: number;
  end: number | null;
  billets: number;
  billet_kg: number;
  good_kg: number;
  scrap_kg: number;
}
interface Event {
  die_id: number;
  at: number;
  kind: string;
  from_state: DieState | null;
  to_state: DieState;
  ref: string | null;
  user_id: number | null;
  note: string;
}

/** Document numbers (AL-, NT-) given in order of their dates. */
class Numbering {
  private readonly last = new Map<string, number>();
  next(kind: 'AL' | 'NT', at: number): string {
    const key = `${kind}-${new Date(at).getUTCFullYear()}`;
    const value = (this.last.get(key) ?? 0) + 1;
    this.last.set(key, value);
    return `${key}-${String(value).padStart(4, '0')}`;
  }
  counters(companyId: number) {
    return [...this.last].map(([key, last]) => ({ company_id: companyId, kind: key.slice(0, 2), year: Number(key.slice(3)), last }));
  }
}

/**
 * The die shop of each demo plant, consistent with its production history (issue 13): profiles
 * with their critical dimensions (the nominals the 10-minute checks were recorded around), every
 * die copy's data, and a life told by its log — reception, trial, and for each of its runs the
 * preparation and oven, the press, the production confirmation, the caustic cleaning and the
 * inspection, with nitriding batches whenever a copy's counters reached its family's interval.
 * Today: copies in every state (two runs waiting for confirmation, a die in the bath, dies at the
 * nitrider, a copy under correction, new copies on trial, a scrapped one), preparations for
 * tomorrow's planned orders with their tools, and the counters equal to what the runs fed them.
 * Only while the plant has no profiles yet.
 */
export async function seedDieshopDemo(manager: EntityManager, company: string, companyId: number): Promise<void> {
  const [{ count }] = await manager.query(`select count(*)::int as count from profile where company_id = $1`, [companyId]);
  if (count > 0) return;
  const random = randomOf(`dieshop:${company}`);
  const numbering = new Numbering();
  const now = Date.now();
  const people = PEOPLE[company];
  const userId = async (email: string): Promise<number | null> => (await manager.query(`select id from app_user where email = $1`, [email]))[0]?.id ?? null;
  const technician = await userId(people.technician);
  const lead = await userId(people.lead);
  const operator = await userId(people.operator);

  // ------------------------------------------------------------------ families and profiles
  await insertRows(
    manager,
    'die_family',
    Object.entries(FAMILIES).map(([type, family]) => ({
      company_id: companyId,
      die_type: type,
      nitriding_every_billets: family.billets,
      nitriding_every_kg: family.kg,
      expected_life_kg: family.life,
    })),
  );
  const dies: Die[] = await manager.query(
    `select id, die_reference, copy_number, description, state, created_at from die where company_id = $1 order by die_reference, copy_number`,
    [companyId],
  );
  const [alloy] = await manager.query(`select id, designation from aluminum_alloy where company_id = $1 order by designation = '6063' desc, id limit 1`, [
    companyId,
  ]);
  const customers: { profile: string; customer: string }[] = await manager.query(
    `select distinct on (profile) profile, customer from production_order where company_id = $1 group by profile, customer order by profile, count(*) desc`,
    [companyId],
  );
  const names = [...new Set(dies.map((die) => die.description))];
  const profiles = (await insertRows(
    manager,
    'profile',
    names.map((name) => {
      const demo = demoProfile(name);
      return {
        company_id: companyId,
        code: demo.code,
        customer: customers.find((row) => row.profile === name)?.customer ?? '',
        description: name,
        shape: demo.shape,
        nominal_kg_m: demo.kgM,
        alloy_id: alloy?.id ?? null,
      };
    }),
    'returning id, description',
  )) as { id: number; description: string }[];
  const profileId = new Map(profiles.map((row) => [row.description, row.id]));
  await insertRows(
    manager,
    'profile_dimension',
    names.flatMap((name) => {
      const demo = demoProfile(name);
      return (['A', 'B'] as const).map((label) => {
        const nominal = label === 'A' ? demo.a : demo.b;
        const band = demoTolerance(label, nominal);
        return { company_id: companyId, profile_id: profileId.get(name), label, nominal_mm: nominal, tol_minus_mm: band, tol_plus_mm: band };
      });
    }),
  );

  // The customers' drawings, kept on most profiles (a few still wait for theirs), as the die summary lists them.
  const SHAPE_WORDS: Record<string, string> = { solid: 'Sólido', semi_hollow: 'Semihueco', hollow: 'Hueco' };
  for (const [index, name] of names.entries()) {
    if (index % 5 === 4) continue;
    const demo = demoProfile(name);
    const pdf = profileDrawingPdf({
      code: demo.code,
      description: name,
      customer: customers.find((row) => row.profile === name)?.customer ?? '',
      shape: SHAPE_WORDS[demo.shape] ?? demo.shape,
      kgM: demo.kgM,
      alloy: alloy?.designation ?? '6063',
      dimensions: (['A', 'B'] as const).map((label) => {
        const nominal = label === 'A' ? demo.a : demo.b;
        return { label, nominal, tolerance: demoTolerance(label, nominal) };
      }),
    });
    const [file] = await manager.query(
      `insert into stored_file (company_id, sha256, content_type, size_bytes, data) values ($1, $2, 'application/pdf', $3, $4)
       on conflict (company_id, sha256) do update set size_bytes = excluded.size_bytes returning id`,
      [companyId, createHash('sha256').update(pdf).digest('hex'), pdf.length, pdf],
    );
    // The drawing came with the customer's order, some days before its first die was received.
    const received = Math.min(...dies.filter((die) => die.description === name).map((die) => new Date(die.created_at).getTime()));
    await manager.query(`update stored_file set created_at = $2 where id = $1`, [file.id, new Date(received - 12 * 24 * HOUR)]);
    await manager.query(`update profile set drawing_file_id = $2 where id = $1`, [profileId.get(name), file.id]);
  }

  // ------------------------------------------------------------------ the runs, per die
  const runs: Run[] = (
    await manager.query(
      `select id, die_id, line_id, order_id, started_by, start_extrusion_time as start, end_extrusion_time as "end", coalesce(billets_pushed, 0) as billets,
              coalesce(billet_kg, 0)::float8 as billet_kg, coalesce(good_kg, 0)::float8 as good_kg, coalesce(scrap_kg, 0)::float8 as scrap_kg
         from order_die where company_id = $1 order by start_extrusion_time, id`,
      [companyId],
    )
  ).map((run: Run & { start: Date; end: Date | null }) => ({ ...run, start: run.start.getTime(), end: run.end?.getTime() ?? null }));
  const runsOf = new Map<number, Run[]>();
  for (const run of runs) runsOf.set(run.die_id, [...(runsOf.get(run.die_id) ?? []), run]);
  const lines: { id: number; name: string; tooling: number }[] = await manager.query(
    `select id, name, tooling_diameter_mm::float8 as tooling from extrusion_line where company_id = $1 order by id`,
    [companyId],
  );
  const [oven] = await manager.query(`select id from machine where company_id = $1 and type = 'die-oven' and status = 'operating' order by id limit 1`, [
    companyId,
  ]);

  // ------------------------------------------------------------------ each die's life
  const events: Event[] = [];
  const enlistments: Record<string, unknown>[] = [];
  const confirmations: Record<string, unknown>[] = [];
  const cleanings: Record<string, unknown>[] = [];
  const batchesByWeek = new Map<string, { key: string; sent: number; dies: { die: Die; since: { billets: number; kg: number }; no: number }[] }>();
  const finalState = new Map<number, DieState>();
  const corrections: CorrectionPlan[] = [];
  let receptionCorrections = 0;
  const dieData: Record<string, unknown>[] = [];
  // The latest pulls of the plant are today's work: the two newest runs wait for their confirmation, the next die is in the bath.
  const latest = dies
    .map((die) => ({ die, runs: runsOf.get(die.id) ?? [] }))
    .filter(({ runs }) => runs.length > 0 && runs.every((run) => run.end !== null))
    .sort((a, b) => (b.runs.at(-1)!.end ?? 0) - (a.runs.at(-1)!.end ?? 0))
    .map(({ die }) => die.id);
  const awaitingConfirmation = new Set(latest.slice(0, 2));
  const inTheBath = new Set(latest.slice(2, 3));

  const event = (
    die: Die,
    at: number,
    kind: string,
    from: DieState | null,
    to: DieState,
    options: { ref?: string; user?: number | null; note?: string } = {},
  ) =>
    events.push({
      die_id: die.id,
      at,
      kind,
      from_state: from,
      to_state: to,
      ref: options.ref ?? null,
      user_id: options.user ?? technician,
      note: options.note ?? '',
    });

  /** A dimension of a run out of its tolerance, as its last checks read it. */
  const outOfTolerance = (die: Die, label: 'A' | 'B') => {
    const demo = demoProfile(die.description);
    const nominal = label === 'A' ? demo.a : demo.b;
    const band = demoTolerance(label, nominal);
    return { nominal, tolerance: band, measured: Math.round((nominal + (label === 'A' ? -1 : 1) * band * 1.6) * 100) / 100 };
  };
  /**
   * A copy that failed its reception trial (its first pressing on the line): the record opened by
   * the lead, one or two attempts (the first trial after the first rejected), the last approved,
   * closed as effective before its first order.
   */
  const receptionCorrection = (die: Die, openedAt: number, count: number): CorrectionPlan => {
    const label = count % 2 === 0 ? 'B' : 'A';
    const defect = label === 'B' ? 'Espesor de pared' : 'Fuera de tolerancia dimensional';
    const { nominal, measured, tolerance } = outOfTolerance(die, label);
    const twoAttempts = count % 2 === 1;
    const repairs = REPAIRS[defect];
    const attempts: AttemptPlan[] = [];
    let clock = openedAt + 2 * HOUR;
    for (let index = 0; index < (twoAttempts ? 2 : 1); index++) {
      const last = index === (twoAttempts ? 1 : 0);
      const hours = index === 0 ? 4 : 2.5;
      attempts.push({
        started: clock,
        finished: clock + hours * HOUR,
        operations: repairs[index].operations,
        hours,
        findings: repairs[index].findings,
        trialRunId: null,
        trialResult: last ? 'approved' : 'rejected',
        trialNote: last ? `Prueba de recepción repetida: la cota ${label} dentro de tolerancia` : `La cota ${label} sigue fuera en la prueba`,
      });
      clock += (hours + 20) * HOUR;
    }
    return {
      key: `reception${die.id}`,
      dieId: die.id,
      origin: 'trial',
      runId: null,
      defect,
      label,
      measured,
      nominal,
      tolerance,
      description: `Prueba de recepción: cota ${label} fuera de tolerancia`,
      severity: 'major',
      status: 'closed',
      effectiveness: 'effective',
      openedAt,
      closedAt: attempts.at(-1)!.finished! + 3 * HOUR,
      corrected: true,
      dueAt: openedAt + 3 * DAY,
      autoDraft: false,
      openedBy: 'lead',
      attempts,
      canvas: demoCanvas(label, measured, nominal, repairs[0].operations[0].operation),
      discussion: [
        { by: 'lead', minutes: 15, text: (at) => `${at('technician')} la copia nueva no pasa la prueba; revisa la cota ${label}.` },
        { by: 'technician', minutes: 240, text: () => `Visto: ${repairs[0].findings.toLowerCase()}.` },
      ],
    };
  };

  for (const die of dies) {
    const demo = demoProfile(die.description);
    const type = demo.dieType;
    const family = FAMILIES[type];
    const own = runsOf.get(die.id) ?? [];
    const line = lines.find((candidate) => candidate.id === own[0]?.line_id) ?? lines[die.id % lines.length];
    const firstUse = own[0]?.start ?? now - random.between(5, 60) * DAY;
    const received = Math.floor((firstUse - random.between(20, 320) * DAY) / DAY) * DAY + 8 * HOUR;
    dieData.push({
      id: die.id,
      profile_id: profileId.get(die.description),
      die_type: type,
      cavities: type === 'multi_cavity' ? 2 + (die.id % 3) : 1,
      diameter_mm: Math.min(line.tooling, type === 'hollow' ? 300 : 250),
      thickness_mm: type === 'hollow' ? 110 : type === 'semi_hollow' ? 90 : 70,
      steel: 'H13 (1.2344)',
      supplier: SUPPLIERS[die.id % SUPPLIERS.length],
      supplier_ref: `${die.die_reference}/${die.copy_number}`,
      received_at: new Date(received).toISOString().slice(0, 10),
      cost: Math.round(COST[type] * random.between(0.85, 1.2)),
      location: `Estante ${'ABCD'[die.id % 4]}-${String((die.id % 12) + 1).padStart(2, '0')}`,
      created_at: new Date(received).toISOString(),
    });

    // Changed by `move` below (a closure, which the type's narrowing does not follow).
    let state = 'new' as DieState;
    const move = (at: number, kind: string, to: DieState, options: { ref?: string; user?: number | null; note?: string } = {}) => {
      event(die, at, kind, state, to, options);
      state = to;
    };
    event(die, received, 'reception', null, 'new', { note: `Recibida de ${SUPPLIERS[die.id % SUPPLIERS.length]}` });
    move(received + DAY, 'trial', 'trial', { note: 'Inspección de recepción correcta' });
    // Some copies failed their reception trial: corrected (once or twice) and tried again before their first order.
    if (own.length > 0 && die.copy_number === 1 && receptionCorrections < (company === 'Perfiles del Sur' ? 1 : 3) && die.id % 4 === 1) {
      const plan = receptionCorrection(die, received + DAY + 3 * HOUR, receptionCorrections);
      receptionCorrections += 1;
      corrections.push(plan);
      const ref = `correction:${plan.key}`;
      move(received + DAY + 3 * HOUR, 'correction', 'correction', { ref, user: lead, note: 'Prueba de recepción rechazada: a corrección' });
      for (const [index, attempt] of plan.attempts.entries()) {
        move(attempt.finished!, 'correction', 'trial', { ref, note: `Intento ${index + 1} terminado: a prueba` });
        move(attempt.finished! + 3 * HOUR, 'trial', attempt.trialResult === 'approved' ? 'in_stock' : 'correction', {
          ref,
          user: lead,
          note: attempt.trialResult === 'approved' ? 'Prueba aprobada' : 'Prueba rechazada: nuevo intento',
        });
      }
    } else {
      move(received + 2 * DAY, 'trial', 'in_stock', { note: 'Prueba aprobada', user: lead });
    }

    let since = { billets: 0, kg: 0 };
    let nitridings = 0;
    for (const [index, run] of own.entries()) {
      const next = own[index + 1];
      if (run.end === null) break; // running now: the run's own start put it on the press (trigger)
      const gapBefore = run.start - (events.filter((item) => item.die_id === die.id).at(-1)?.at ?? received);
      const ref = `run:${run.id}`;
      if (state === 'in_stock' && gapBefore > 8 * HOUR) {
        const number = numbering.next('AL', run.start - 20 * HOUR);
        enlistments.push({
          company_id: companyId,
          number,
          die_id: die.id,
          production_order_id: run.order_id,
          line_id: run.line_id,
          needed_at: new Date(run.start - HOUR).toISOString(),
          status: 'delivered',
          requested_by: lead,
          requested_at: new Date(run.start - 20 * HOUR).toISOString(),
          is_clean: true,
          inspected: true,
          nitriding_valid: true,
          tooling_complete: true,
          entry_measures_ok: true,
          oven_machine_id: oven?.id ?? null,
          oven_in_at: new Date(run.start - 4 * HOUR).toISOString(),
          oven_out_at: new Date(run.start - 20 * MINUTE).toISOString(),
          target_temp_c: 470,
          measured_temp_c: Math.round(random.between(455, 485)),
          ready_at: new Date(run.start - 20 * MINUTE).toISOString(),
          delivered_at: new Date(run.start - 10 * MINUTE).toISOString(),
          delivered_by: technician,
        });
        move(run.start - 6 * HOUR, 'enlistment', 'enlistment', { ref: `enlistment:${number}` });
        move(run.start - 4 * HOUR, 'enlistment', 'oven', { ref: `enlistment:${number}`, note: 'Entrada al horno de matrices' });
      }
      move(run.start, 'run', 'press', { ref, user: run.started_by });
      event(die, run.end, 'run', 'press', 'press', { ref, user: run.started_by, note: 'Fin de corrida' });
      since = { billets: since.billets + run.billets, kg: since.kg + run.billet_kg };

      // The die stays on the press for the next run of the same line soon after; otherwise it is pulled.
      const staysOnPress = next && next.line_id === run.line_id && next.start - run.end < 3 * HOUR;
      const isLast = !next;
      if (isLast && awaitingConfirmation.has(die.id)) break;
      const confirmedAt = staysOnPress ? next.start + 20 * MINUTE : run.end + Math.round(random.between(25, 70)) * MINUTE;
      const pulledFor = random.next() < 0.12 ? 'dimensional' : 'order_end';
      confirmations.push({
        company_id: companyId,
        order_die_id: run.id,
        die_id: die.id,
        confirmed_by: technician,
        confirmed_at: new Date(confirmedAt).toISOString(),
        billets: run.billets,
        billet_kg: run.billet_kg,
        good_kg: run.good_kg,
        scrap_kg: run.scrap_kg,
        condition: 'ok',
        pull_reason: staysOnPress ? 'order_end' : pulledFor,
        notes: staysOnPress ? 'Sigue en prensa con la orden siguiente' : '',
      });
      if (staysOnPress) {
        event(die, confirmedAt, 'confirmation', 'press', 'press', { ref: `confirmation:${run.id}`, note: 'Confirmada; la matriz sigue en prensa' });
        continue;
      }
      move(confirmedAt, 'confirmation', 'cleaning', { ref: `confirmation:${run.id}` });
      const cleaningIn = confirmedAt + 15 * MINUTE;
      const nextStart = next?.start ?? now;
      const cleaningOut = Math.min(cleaningIn + Math.round(random.between(180, 360)) * MINUTE, nextStart - 2 * HOUR);
      // At the interval the inspection sends the die to the nitrider, mostly now, sometimes after one more run (then overdue).
      const share = Math.max(since.billets / family.billets, since.kg / family.kg);
      const due = share >= 0.95 && random.next() < (share >= 1.05 ? 0.85 : 0.5);
      if (isLast && inTheBath.has(die.id)) {
        cleanings.push({
          company_id: companyId,
          die_id: die.id,
          order_die_id: run.id,
          method: 'caustic',
          bath: 'Baño NaOH 1',
          in_at: new Date(cleaningIn).toISOString(),
          out_at: null,
          operator_id: technician,
          inspection_result: null,
          notes: '',
        });
        break;
      }
      const result: InspectionResult = due ? 'nitriding' : 'ok';
      cleanings.push({
        company_id: companyId,
        die_id: die.id,
        order_die_id: run.id,
        method: random.next() < 0.85 ? 'caustic' : 'wet_blast',
        bath: 'Baño NaOH 1',
        in_at: new Date(cleaningIn).toISOString(),
        out_at: new Date(cleaningOut).toISOString(),
        operator_id: technician,
        inspection_result: result,
        notes: result === 'nitriding' ? 'Portadas con desgaste: a nitrurar' : '',
      });
      if (result === 'ok') {
        move(cleaningOut, 'cleaning', 'in_stock', { ref: `cleaning:${run.id}` });
        continue;
      }
      move(cleaningOut, 'cleaning', 'nitriding', { ref: `cleaning:${run.id}`, note: 'Contadores en el límite de nitrurado' });
      // Batches leave on the next working morning and come back three days later, if there was time before the next run.
      const sent = Math.floor(cleaningOut / DAY) * DAY + DAY + 7 * HOUR;
      const back = sent + 3 * DAY + 10 * HOUR;
      const week = `${Math.floor(sent / (7 * DAY))}:${sent}`;
      const batch = batchesByWeek.get(week) ?? { key: week, sent, dies: [] };
      batchesByWeek.set(week, batch);
      nitridings += 1;
      batch.dies.push({ die, since, no: nitridings });
      if (back < nextStart - 8 * HOUR && back < now) {
        move(back, 'nitriding', 'in_stock', { ref: `batch:${week}`, note: 'Nitrurado confirmado con certificado' });
        since = { billets: 0, kg: 0 };
      } else {
        break; // still at the nitrider
      }
    }
    finalState.set(die.id, own.some((run) => run.end === null) ? 'press' : state);
  }

  // ------------------------------------------------------------------ today's special cases
  const lastAt = (die: Die) => events.filter((item) => item.die_id === die.id).at(-1)?.at ?? now - 30 * DAY;
  const lastNitrided = (die: Die) =>
    events.filter((item) => item.die_id === die.id && item.kind === 'nitriding' && item.to_state === 'in_stock').at(-1)?.at ?? 0;
  // The newest copies: one just received, one on trial (the spare copies that never ran).
  const spares = dies.filter((die) => !runsOf.has(die.id) && finalState.get(die.id) === 'in_stock' && die.copy_number > 1);
  const [justReceived, onTrial, scrapped] = [spares.at(-1), spares.at(-2), spares.at(-3)];
  if (justReceived) {
    const at = now - 5 * HOUR;
    events.splice(0, events.length, ...events.filter((item) => item.die_id !== justReceived.id));
    event(justReceived, at, 'reception', null, 'new', { note: `Recibida de ${SUPPLIERS[justReceived.id % SUPPLIERS.length]}` });
    const data = dieData.find((row) => row.id === justReceived.id)!;
    Object.assign(data, { received_at: new Date(at).toISOString().slice(0, 10), created_at: new Date(at).toISOString() });
    finalState.set(justReceived.id, 'new');
  }
  if (onTrial) {
    event(onTrial, now - 26 * HOUR, 'trial', 'in_stock', 'trial', { user: lead, note: 'Prueba tras reajuste de portadas' });
    finalState.set(onTrial.id, 'trial');
  }
  const scrapReason = 'Fisura en el puente del mandril: la soldadura no la recupera';
  if (scrapped && company === 'Extrusiones del Norte') {
    // Its crack was found at its first trial; a welded repair failed its trial, and the copy was scrapped.
    const scrapFrom: DieState = lastAt(scrapped) < now - 25 * DAY ? 'correction' : 'in_stock';
    if (scrapFrom === 'correction') {
      const ref = 'correction:scrap';
      corrections.push({
        key: 'scrap',
        dieId: scrapped.id,
        origin: 'trial',
        runId: null,
        defect: 'Otro',
        label: null,
        measured: null,
        nominal: null,
        tolerance: null,
        description: 'Fisura en el puente del mandril vista en la prueba',
        severity: 'critical',
        status: 'scrapped',
        effectiveness: 'not_effective',
        openedAt: now - 24 * DAY,
        closedAt: now - 20 * DAY,
        corrected: true,
        dueAt: now - 21 * DAY,
        autoDraft: false,
        openedBy: 'lead',
        attempts: [
          {
            started: now - 23 * DAY,
            finished: now - 22 * DAY,
            operations: [
              { operation: 'Soldar', zone: 'Puente del mandril', amount: '1 cordón' },
              { operation: 'Rectificar', zone: 'Puente del mandril', amount: '0,2 mm' },
            ],
            hours: 6,
            findings: 'Fisura de 12 mm en el puente del mandril',
            trialRunId: null,
            trialResult: 'rejected',
            trialNote: 'La fisura reaparece tras la soldadura',
          },
        ],
        canvas: null,
        discussion: [{ by: 'lead', minutes: 4 * 24 * 60 - 60, text: (at) => `${at('technician')} no merece otra soldadura: la damos de baja.` }],
      });
      event(scrapped, now - 24 * DAY, 'correction', 'in_stock', 'correction', { ref, user: lead, note: 'Registro de corrección abierto' });
      event(scrapped, now - 22 * DAY, 'correction', 'correction', 'trial', { ref, note: 'Intento 1 terminado: a prueba' });
      event(scrapped, now - 21 * DAY, 'correction', 'trial', 'correction', { ref, user: lead, note: 'Prueba rechazada: nuevo intento' });
    }
    event(scrapped, now - 20 * DAY, 'scrap', scrapFrom, 'scrapped', { user: lead, note: scrapReason });
    finalState.set(scrapped.id, 'scrapped');
  }

  // ------------------------------------------------------------------ today's corrections, one in each state of the board
  const candidates = dies
    .filter((die) => finalState.get(die.id) === 'in_stock' && (runsOf.get(die.id) ?? []).some((run) => run.end !== null))
    .sort((a, b) => (runsOf.get(b.id)!.at(-1)!.end ?? 0) - (runsOf.get(a.id)!.at(-1)!.end ?? 0));
  const story = company === 'Perfiles del Sur' ? TODAY_SUR : TODAY_NORTE;
  // The copy the chat speaks of goes first where it can (PS-0622 copy 1 'queda en corrección').
  candidates.sort(
    (a, b) => Number(`${b.die_reference}-${b.copy_number}` === story[0].prefer) - Number(`${a.die_reference}-${a.copy_number}` === story[0].prefer),
  );
  for (const [index, today] of story.entries()) {
    const die = candidates[index];
    if (!die) break;
    const run = runsOf
      .get(die.id)!
      .filter((item) => item.end !== null)
      .at(-1)!;
    const openedAt = Math.min(now - HOUR, Math.max(now - today.hoursAgo * HOUR, lastAt(die) + HOUR));
    const measuredAt = today.label ? outOfTolerance(die, today.label) : null;
    const key = `today${index}`;
    const attempts: AttemptPlan[] = today.attempts.map((attempt, number) => ({
      started: openedAt + (2 + number * 6) * HOUR * ((now - openedAt) / (today.hoursAgo * HOUR)),
      finished: attempt === 'open' ? null : openedAt + (5 + number * 6) * HOUR * ((now - openedAt) / (today.hoursAgo * HOUR)),
      operations: REPAIRS[today.defect]?.[number]?.operations.slice(0, attempt === 'open' ? 1 : undefined) ?? [],
      hours: attempt === 'open' ? 1.5 : 3,
      findings: REPAIRS[today.defect]?.[number]?.findings ?? '',
      trialRunId: null,
      trialResult: attempt === 'rejected' ? 'rejected' : 'pending',
      trialNote: attempt === 'rejected' ? `Prueba corta en prensa: la cota ${today.label ?? ''} sigue fuera`.trim() : '',
    }));
    corrections.push({
      key,
      dieId: die.id,
      origin: today.origin,
      runId: today.origin === 'customer' ? null : run.id,
      defect: today.defect,
      label: today.label,
      measured: measuredAt?.measured ?? null,
      nominal: measuredAt?.nominal ?? null,
      tolerance: measuredAt?.tolerance ?? null,
      description: today.description,
      severity: today.severity,
      status: today.status,
      effectiveness: 'pending',
      openedAt,
      closedAt: null,
      corrected: today.corrector,
      dueAt: openedAt + today.dueDays * DAY,
      autoDraft: false,
      openedBy: today.origin === 'press' ? 'operator' : 'lead',
      attempts,
      canvas: today.label
        ? demoCanvas(today.label, measuredAt!.measured, measuredAt!.nominal, REPAIRS[today.defect]?.[0]?.operations[0]?.operation ?? '')
        : null,
      discussion: today.discussion,
    });
    event(die, openedAt, 'correction', 'in_stock', 'correction', { ref: `correction:${key}`, user: lead, note: 'Registro de corrección abierto' });
    for (const [number, attempt] of attempts.entries()) {
      if (attempt.finished === null) break;
      event(die, attempt.finished, 'correction', 'correction', 'trial', { ref: `correction:${key}`, note: `Intento ${number + 1} terminado: a prueba` });
      if (attempt.trialResult === 'rejected')
        event(die, attempt.finished + HOUR, 'correction', 'trial', 'correction', {
          ref: `correction:${key}`,
          user: lead,
          note: 'Prueba rechazada: nuevo intento',
        });
    }
    finalState.set(die.id, today.status === 'in_trial' ? 'trial' : 'correction');
  }
  // The running press whose last checks fell out of tolerance: the draft the checks opened, waiting for the lead.
  const running = runs.find((run) => run.end === null);
  if (running) {
    const die = dies.find((candidate) => candidate.id === running.die_id)!;
    const { measured, nominal, tolerance } = outOfTolerance(die, 'A');
    corrections.push({
      key: 'draft',
      dieId: die.id,
      origin: 'press',
      runId: running.id,
      defect: 'Fuera de tolerancia dimensional',
      label: 'A',
      measured,
      nominal,
      tolerance,
      description: `Borrador automático: la cota A salió de tolerancia en 3 controles de la corrida`,
      severity: 'major',
      status: 'draft',
      effectiveness: 'pending',
      openedAt: now - 8 * MINUTE,
      closedAt: null,
      corrected: false,
      dueAt: null,
      autoDraft: true,
      openedBy: 'operator',
      attempts: [],
      canvas: null,
      discussion: [],
    });
  }
  // A draft of an earlier run that was a false alarm: the gauge, not the die.
  const falseAlarm = runs.find((run) => run.end !== null && run.end < now - 2 * DAY && !corrections.some((plan) => plan.runId === run.id));
  if (falseAlarm) {
    const die = dies.find((candidate) => candidate.id === falseAlarm.die_id)!;
    const { measured, nominal, tolerance } = outOfTolerance(die, 'B');
    corrections.push({
      key: 'false-alarm',
      dieId: die.id,
      origin: 'press',
      runId: falseAlarm.id,
      defect: 'Espesor de pared',
      label: 'B',
      measured,
      nominal,
      tolerance,
      description: 'Borrador automático: la cota B salió de tolerancia en 3 controles de la corrida',
      severity: 'minor',
      status: 'discarded',
      effectiveness: 'pending',
      openedAt: falseAlarm.end! - 40 * MINUTE,
      closedAt: falseAlarm.end! - 10 * MINUTE,
      corrected: false,
      dueAt: null,
      autoDraft: true,
      openedBy: 'operator',
      attempts: [],
      canvas: null,
      discussion: [{ by: 'lead', minutes: 25, text: () => 'Descartada: el calibre estaba descalibrado; con el de repuesto mide bien.' }],
    });
  }

  // At the nitrider now: the two in-stock copies nearest their interval went out yesterday.
  const shareOf = (die: Die) => {
    const family = FAMILIES[demoProfile(die.description).dieType];
    const own = (runsOf.get(die.id) ?? []).filter((run) => run.end !== null && run.end > lastNitrided(die));
    return Math.max(own.reduce((sum, run) => sum + run.billets, 0) / family.billets, own.reduce((sum, run) => sum + run.billet_kg, 0) / family.kg);
  };
  const plannedDies = new Set(
    ((await manager.query(`select die_id from production_order where company_id = $1 and status = 'planned'`, [companyId])) as { die_id: number }[]).map(
      (row) => row.die_id,
    ),
  );
  const toNitrider = dies
    .filter((die) => finalState.get(die.id) === 'in_stock' && !plannedDies.has(die.id) && shareOf(die) > 0.5)
    .sort((a, b) => shareOf(b) - shareOf(a))
    .slice(0, 2);
  // Only when no copy is at the nitrider already.
  if (toNitrider.length > 0 && ![...finalState.values()].includes('nitriding')) {
    const sent = now - DAY;
    const key = `now:${sent}`;
    batchesByWeek.set(key, { key, sent, dies: [] });
    for (const die of toNitrider) {
      const no = events.filter((item) => item.die_id === die.id && item.kind === 'nitriding' && item.to_state === 'in_stock').length + 1;
      const own = (runsOf.get(die.id) ?? []).filter((run) => run.end !== null && run.end > lastNitrided(die));
      batchesByWeek
        .get(key)!
        .dies.push({ die, no, since: { billets: own.reduce((sum, run) => sum + run.billets, 0), kg: own.reduce((sum, run) => sum + run.billet_kg, 0) } });
      event(die, Math.max(sent, lastAt(die) + MINUTE), 'nitriding', 'in_stock', 'nitriding', { ref: `batch:${key}`, note: 'Enviada a nitrurar' });
      finalState.set(die.id, 'nitriding');
    }
  }

  // Tomorrow's planned orders: a preparation for the first one of each line whose copy is in stock
  // (a line's next order often keeps the copy still mounted; the die shop prepares the one after).
  const tomorrow = Math.floor(now / DAY) * DAY + DAY + 6 * HOUR;
  const planned: { id: number; die_id: number; line_id: number }[] = await manager.query(
    `select id, die_id, line_id from production_order where company_id = $1 and status = 'planned' order by line_id, board_position`,
    [companyId],
  );
  const openEnlistments: { number: string; die: Die; line: number; status: string }[] = [];
  for (const order of planned) {
    const die = dies.find((candidate) => candidate.id === order.die_id);
    if (!die || finalState.get(die.id) !== 'in_stock' || openEnlistments.some((open) => open.die.id === die.id || open.line === order.line_id)) continue;
    const index = openEnlistments.length;
    const status = index === 0 ? 'oven' : index === 1 ? 'preparing' : 'requested';
    const number = numbering.next('AL', now - 3 * HOUR);
    const requestedAt = now - 3 * HOUR;
    enlistments.push({
      company_id: companyId,
      number,
      die_id: die.id,
      production_order_id: order.id,
      line_id: order.line_id,
      needed_at: new Date(tomorrow + index * 2 * HOUR).toISOString(),
      status,
      requested_by: lead,
      requested_at: new Date(requestedAt).toISOString(),
      is_clean: status !== 'requested',
      inspected: status !== 'requested',
      nitriding_valid: status !== 'requested',
      tooling_complete: status === 'oven',
      entry_measures_ok: status === 'oven',
      oven_machine_id: status === 'oven' ? (oven?.id ?? null) : null,
      oven_in_at: status === 'oven' ? new Date(now - 90 * MINUTE).toISOString() : null,
      oven_out_at: null,
      target_temp_c: 470,
      measured_temp_c: null,
      ready_at: null,
      delivered_at: null,
      delivered_by: null,
    });
    event(die, Math.max(requestedAt, lastAt(die) + MINUTE), 'enlistment', 'in_stock', 'enlistment', { ref: `enlistment:${number}`, user: lead });
    if (status === 'oven')
      event(die, now - 90 * MINUTE, 'enlistment', 'enlistment', 'oven', { ref: `enlistment:${number}`, note: 'Entrada al horno de matrices' });
    finalState.set(die.id, status === 'oven' ? 'oven' : 'enlistment');
    openEnlistments.push({ number, die, line: order.line_id, status });
  }

  // ------------------------------------------------------------------ records, then the log pointing at them
  const enlistmentIds = new Map(
    ((await insertRows(manager, 'die_enlistment', enlistments, 'returning id, number')) as { id: number; number: string }[]).map((row) => [row.number, row.id]),
  );
  const confirmationIds = new Map(
    ((await insertRows(manager, 'die_run_confirmation', confirmations, 'returning id, order_die_id')) as { id: number; order_die_id: number }[]).map((row) => [
      row.order_die_id,
      row.id,
    ]),
  );
  const cleaningIds = new Map(
    ((await insertRows(manager, 'die_cleaning', cleanings, 'returning id, order_die_id')) as { id: number; order_die_id: number }[]).map((row) => [
      row.order_die_id,
      row.id,
    ]),
  );
  const batchIds = new Map<string, number>();
  const batches = [...batchesByWeek.values()].sort((a, b) => a.sent - b.sent);
  for (const [index, batch] of batches.entries()) {
    const received = batch.sent + 3 * DAY + 8 * HOUR;
    const confirmed = batch.sent + 3 * DAY + 10 * HOUR;
    const status = confirmed < now ? 'confirmed' : received < now ? 'received' : 'sent';
    const [row] = (await insertRows(
      manager,
      'nitriding_batch',
      [
        {
          company_id: companyId,
          number: numbering.next('NT', batch.sent),
          supplier: NITRIDERS[index % NITRIDERS.length],
          process: 'gas',
          status,
          sent_at: new Date(batch.sent).toISOString(),
          expected_at: new Date(received).toISOString(),
          received_at: status === 'sent' ? null : new Date(received).toISOString(),
          confirmed_at: status === 'confirmed' ? new Date(confirmed).toISOString() : null,
          certificate_number: status === 'sent' ? '' : `CN-${new Date(batch.sent).getUTCFullYear()}-${300 + index}`,
          created_by: technician,
          notes: '',
        },
      ],
      'returning id',
    )) as { id: number }[];
    batchIds.set(batch.key, row.id);
    await insertRows(
      manager,
      'die_nitriding',
      batch.dies.map(({ die, since, no }) => ({
        company_id: companyId,
        batch_id: row.id,
        die_id: die.id,
        nitriding_no: no,
        billets_since_previous: since.billets,
        kg_since_previous: Math.round(since.kg * 100) / 100,
        hardness_hv: status === 'confirmed' ? Math.round(random.between(820, 1040)) : null,
        case_depth_mm: status === 'confirmed' ? Math.round(random.between(0.1, 0.16) * 1000) / 1000 : null,
        result: status === 'confirmed' ? 'accepted' : null,
        note: '',
      })),
    );
    // The nitriding event of a die that came back before its next run carries the batch.
    for (const { die } of batch.dies) {
      const sentEvent = events.find(
        (item) => item.die_id === die.id && item.to_state === 'nitriding' && item.at < batch.sent && item.at > batch.sent - 2 * DAY,
      );
      if (sentEvent) sentEvent.note = `Enviada en el lote a ${NITRIDERS[index % NITRIDERS.length]}`;
    }
  }
  const displayNames = new Map(
    (
      (await manager.query(`select id, display_name from app_user where id = any($1)`, [[technician, lead, operator].filter((id) => id !== null)])) as {
        id: number;
        display_name: string;
      }[]
    ).map((row) => [row.id, row.display_name]),
  );
  const correctionIds = await insertCorrections(manager, companyId, corrections, { technician, lead, operator, names: displayNames });
  const refId = (ref: string | null): number | null => {
    if (!ref) return null;
    const [kind, key] = ref.split(/:(.*)/s);
    if (kind === 'run') return Number(key);
    if (kind === 'enlistment') return enlistmentIds.get(key) ?? null;
    if (kind === 'confirmation') return confirmationIds.get(Number(key)) ?? null;
    if (kind === 'cleaning') return cleaningIds.get(Number(key)) ?? null;
    if (kind === 'batch') return batchIds.get(key) ?? null;
    if (kind === 'correction') return correctionIds.get(key) ?? null;
    return null;
  };
  await insertRows(
    manager,
    'die_event',
    events.sort((a, b) => a.at - b.at).map(({ ref, at, ...item }) => ({ company_id: companyId, ...item, at: new Date(at).toISOString(), ref_id: refId(ref) })),
  );

  // ------------------------------------------------------------------ the copies as their log leaves them
  await manager.query(
    `update die set profile_id = data.profile_id, die_type = data.die_type, cavities = data.cavities, diameter_mm = data.diameter_mm,
            thickness_mm = data.thickness_mm, steel = data.steel, supplier = data.supplier, supplier_ref = data.supplier_ref,
            received_at = data.received_at, cost = data.cost, location = data.location, created_at = data.created_at
       from jsonb_to_recordset($2::jsonb) as data(id int, profile_id int, die_type varchar, cavities int, diameter_mm numeric, thickness_mm numeric,
            steel varchar, supplier varchar, supplier_ref varchar, received_at date, cost numeric, location varchar, created_at timestamptz)
      where die.id = data.id and die.company_id = $1`,
    [companyId, JSON.stringify(dieData)],
  );
  await manager.query(
    `update die set state = data.state, scrapped_reason = case when data.state = 'scrapped' then $3 else '' end,
            scrapped_at = case when data.state = 'scrapped' then (select max(at) from die_event where die_id = die.id) end
       from jsonb_to_recordset($2::jsonb) as data(id int, state varchar)
      where die.id = data.id and die.company_id = $1 and die.state <> 'press'`,
    [companyId, JSON.stringify([...finalState].map(([id, state]) => ({ id, state }))), scrapReason],
  );
  // Since nitriding: the runs after the last accepted nitriding; the counts from their records.
  await manager.query(
    `update die set
        state_since = coalesce((select max(at) from die_event e where e.die_id = die.id and e.from_state is distinct from e.to_state), die.created_at),
        nitriding_count = (select count(*) from die_nitriding n where n.die_id = die.id and n.result = 'accepted'),
        corrections_count = (select count(*) from correction_record c where c.die_id = die.id and c.status not in ('draft', 'discarded')),
        billets_since_nitriding = coalesce((select sum(r.billets_pushed) from order_die r where r.die_id = die.id and r.end_extrusion_time > coalesce(
          (select max(e.at) from die_event e where e.die_id = die.id and e.kind = 'nitriding' and e.to_state = 'in_stock'), '-infinity')), 0),
        kg_since_nitriding = coalesce((select sum(r.billet_kg) from order_die r where r.die_id = die.id and r.end_extrusion_time > coalesce(
          (select max(e.at) from die_event e where e.die_id = die.id and e.kind = 'nitriding' and e.to_state = 'in_stock'), '-infinity')), 0)
      where die.company_id = $1`,
    [companyId],
  );

  // ------------------------------------------------------------------ tooling
  const tools: Record<string, unknown>[] = [];
  for (const [index, line] of lines.entries()) {
    const press = index + 1;
    const add = (code: string, kind: string, description: string, extra: Record<string, unknown> = {}) =>
      tools.push({
        company_id: companyId,
        code: `${code}-P${press}`,
        kind,
        description,
        state: 'available',
        compatible_line_ids: `{${line.id}}`,
        diameter_mm: null,
        length_mm: null,
        nominal_od_mm: null,
        location: `Carro de herramental P${press}`,
        billets_total: 0,
        ...extra,
      });
    add('RS-01', 'backer', `Respaldo ${line.tooling} mm`, { diameter_mm: line.tooling });
    add('RS-02', 'backer', `Respaldo ${line.tooling} mm`, { diameter_mm: line.tooling });
    add('BL-01', 'bolster', 'Portamatriz (bolster)', { diameter_mm: line.tooling + 60 });
    add('AN-01', 'ring', 'Anillo portamatriz', { diameter_mm: line.tooling + 20 });
    add('AN-02', 'ring', 'Anillo portamatriz', { diameter_mm: line.tooling + 20 });
    add('CT-01', 'container', 'Contenedor', { state: 'in_use', billets_total: 48_000 + index * 9_000 });
    add('CM-01', 'liner', 'Camisa del contenedor', { state: 'in_use', billets_total: 21_000 + index * 4_000 });
    add('VS-01', 'stem', 'Vástago', { state: 'in_use', billets_total: 52_000 + index * 7_000 });
    for (const block of [1, 2, 3])
      add(`DP-0${block}`, 'dummy_block', 'Disco de presión fijo', { nominal_od_mm: 0, state: block === 1 ? 'in_use' : 'available' });
  }
  const [billet] = await manager.query(`select billet_diameter_mm::float8 as diameter from extrusion_line where company_id = $1 order by id limit 1`, [
    companyId,
  ]);
  for (const tool of tools) if (tool.kind === 'dummy_block') tool.nominal_od_mm = (billet?.diameter ?? 150) + 4;
  const toolRows = (await insertRows(manager, 'tool', tools, 'returning id, code, kind, nominal_od_mm::float8 as nominal')) as {
    id: number;
    code: string;
    kind: string;
    nominal: number | null;
  }[];
  // Weekly OD measurements of the dummy blocks: one grows towards the 0.5 mm limit.
  const checks: Record<string, unknown>[] = [];
  for (const tool of toolRows.filter((row) => row.kind === 'dummy_block')) {
    const growing = tool.code.startsWith('DP-01');
    for (let week = 8; week >= 0; week--) {
      const growth = growing ? 0.05 * (8 - week) + 0.02 : 0.01 * ((week + tool.id) % 3);
      const value = Math.round(((tool.nominal ?? 0) + growth) * 100) / 100;
      checks.push({
        company_id: companyId,
        tool_id: tool.id,
        checked_at: new Date(now - week * 7 * DAY - 3 * HOUR).toISOString(),
        checked_by: technician,
        measure: 'Diámetro exterior (mm)',
        value,
        limit_value: Math.round(((tool.nominal ?? 0) + 0.5) * 100) / 100,
        ok: growth < 0.5,
        note: growing && week === 0 ? 'Crecimiento cerca del límite: vigilar' : '',
      });
    }
  }
  await insertRows(manager, 'tool_check', checks);
  await manager.query(
    `update tool set last_check_at = (select max(checked_at) from tool_check where tool_id = tool.id) where company_id = $1 and kind = 'dummy_block'`,
    [companyId],
  );
  // The preparation in the oven holds its press's backer and ring.
  const inOven = openEnlistments.find((open) => open.status === 'oven');
  if (inOven) {
    const lineIndex = lines.findIndex((line) => line.id === inOven.line) + 1;
    const held = toolRows.filter((row) => row.code === `RS-01-P${lineIndex}` || row.code === `AN-01-P${lineIndex}`);
    await insertRows(
      manager,
      'die_enlistment_tool',
      held.map((tool) => ({
        company_id: companyId,
        enlistment_id: enlistmentIds.get(inOven.number),
        tool_id: tool.id,
        reserved_at: new Date(now - 2 * HOUR).toISOString(),
      })),
    );
    await manager.query(`update tool set state = 'in_use' where id = any($1)`, [held.map((tool) => tool.id)]);
  }

  await insertRows(manager, 'document_counter', numbering.counters(companyId));
}
