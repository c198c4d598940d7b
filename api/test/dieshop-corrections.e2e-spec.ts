import {
  CORRECTION_BOARD_CHANGED,
  correctionMessages,
  correctionNotices,
  dieMentionOf,
  correctionReportPath,
  DEFAULT_CORRECTION_DEFECTS,
  DEFAULT_CORRECTION_OPERATIONS,
  liveEvents,
  mentionOf,
  messages,
  type CorrectionBoard,
  type CorrectionCard,
  type CorrectionRecordDetail,
  type CorrectionReportDetail,
  type CorrectorBoard,
  type DieSummary,
} from '@planta/contracts';
import { closeSockets, connect, nextEvent } from './support/sockets';
import { insertTestLine, insertTestOrder } from './support/plant-rows.fixture';
import { bearer, startTestApp, type TestApp } from './support/test-app';

/** Die corrections (issue 14): records and attempts with the die's states, the boards, the draft from the 10-minute checks, discussions, share links, tenancy and grants. */
let t: TestApp;
let url: string;
let north: number;
let south: number;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
const ADMIN = 'admin@norte.example';
const LEAD = 'jefe@norte.example';
const TECH = 'matriceria@norte.example';
const OPERATOR = 'operario@norte.example';
const GUEST = 'invitado@norte.example';
const SOUTH = 'admin@sur.example';
const SOUTH_OPERATOR = 'operario@sur.example';
const EMAILS = [ADMIN, LEAD, TECH, OPERATOR, GUEST, SOUTH, SOUTH_OPERATOR];
const as = (email: string) => bearer(tokens[email]);
const ids = { alloy: 0, profile: 0, operations: [] as number[], defect: 0 };

beforeAll(async () => {
  t = await startTestApp({ REALTIME_ACCESS_CHECK_MS: '600000' });
  url = await t.listen();
  const companies = await t.sql<{ id: number; name: string }>(`select id, name from company`);
  north = companies.find((company) => company.name === 'Extrusiones del Norte')!.id;
  south = companies.find((company) => company.name === 'Perfiles del Sur')!.id;
  for (const email of EMAILS) {
    const session = await t.login(email);
    tokens[email] = session.access_token;
    users[email] = session.user.data.id;
  }
  const [alloy] = await t.sql<{ id: number }>(`select id from aluminum_alloy where company_id = $1 order by id limit 1`, [north]);
  const [profile] = await t.sql<{ id: number }>(`insert into profile (company_id, code) values ($1, 'NC-PERFIL-1') returning id`, [north]);
  await t.sql(
    `insert into profile_dimension (company_id, profile_id, label, nominal_mm, tol_minus_mm, tol_plus_mm) values ($1, $2, 'A', 40, 0.2, 0.2), ($1, $2, 'B', 12.5, 0.1, 0.1)`,
    [north, profile.id],
  );
  const drawing = Buffer.from('%PDF-1.4\n% plano de prueba\n');
  const [file] = await t.sql<{ id: number }>(
    `insert into stored_file (company_id, sha256, content_type, size_bytes, data) values ($1, encode(sha256($2), 'hex'), 'application/pdf', $3, $2) returning id`,
    [north, drawing, drawing.length],
  );
  await t.sql(`update profile set drawing_file_id = $1 where id = $2`, [file.id, profile.id]);
  const operations = await t.sql<{ id: number }>(`select id from correction_operation where company_id = $1 order by sort_order`, [north]);
  const [defect] = await t.sql<{ id: number }>(`select id from correction_defect where company_id = $1 and name = 'Torsión'`, [north]);
  Object.assign(ids, { alloy: alloy.id, profile: profile.id, operations: operations.map((row) => row.id), defect: defect.id });
});
afterEach(() => closeSockets());
afterAll(() => t.close());

let copies = 0;
/** A new die copy of the test profile, in `state`. */
async function die(state = 'in_stock', company = north): Promise<number> {
  copies += 1;
  const [row] = await t.sql<{ id: number }>(
    `insert into die (company_id, die_reference, copy_number, die_type, state, profile_id) values ($1, 'NC-TEST', $2, 'hollow', $3, $4) returning id`,
    [company, copies, state, company === north ? ids.profile : null],
  );
  return row.id;
}
let lines = 0;
/** A running order die of `dieId` on a press of its own, started through the production API. */
async function running(dieId: number): Promise<number> {
  lines += 1;
  const line = await insertTestLine(t, { company: north, name: `Prensa NC ${lines}` });
  const order = await insertTestOrder(t, { company: north, number: `OP-NC-${lines}`, profile: 'NC-PERFIL-1', dieId, alloyId: ids.alloy });
  const started = await t.http().post('/api/extrusion/start').set(as(LEAD)).send({ order_id: order, die_id: dieId, line_id: line });
  expect(started.status).toBe(201);
  return started.body.id;
}
const stop = async (runId: number) =>
  expect((await t.http().post(`/api/extrusion/${runId}/stop`).set(as(LEAD)).send({ billets_pushed: 30, good_kg: 1500, scrap_kg: 80 })).status).toBe(200);
const save = (runId: number, a: number, b = 12.5, who = OPERATOR) =>
  t
    .http()
    .post('/api/orders/saveDieCriticalDimension')
    .set(as(who))
    .send([
      { order_dies_id: runId, dimension_text: 'DimensionA', dimension_value: a },
      { order_dies_id: runId, dimension_text: 'DimensionB', dimension_value: b },
    ]);

const create = (body: object, who = LEAD) =>
  t
    .http()
    .post('/api/correction-record')
    .set(as(who))
    .send({ origin: 'quality', description: 'Espesor de pared fuera de tolerancia', severity: 'major', ...body });
const record = async (id: number, who = LEAD) => (await t.http().get(`/api/correction-record/${id}`).set(as(who))).body as CorrectionRecordDetail;
const report = async (id: number, who = LEAD) => (await t.http().get(`/api/correction-report/${id}`).set(as(who))).body as CorrectionReportDetail;
const move = (id: number, version: number, to: string, who = LEAD) => t.http().post('/api/correction-board/move').set(as(who)).send({ id, to, version });
const reassign = (id: number, version: number, corrector_id: number | null, who = LEAD) =>
  t.http().post('/api/corrector-board/move').set(as(who)).send({ id, corrector_id, version });
const dieState = async (id: number) => (await t.sql<{ state: string }>(`select state from die where id = $1`, [id]))[0].state;
const dieEvents = (id: number) =>
  t.sql<{ kind: string; from_state: string; to_state: string; ref_id: number }>(
    `select kind, from_state, to_state, ref_id from die_event where die_id = $1 order by id`,
    [id],
  );
const notificationsOf = (email: string, company = north) =>
  t.sql<{ text_message: string; hypothalum_id: number | null; correction_report_path: string | null; correction_path: string | null }>(
    `select text_message, hypothalum_id, correction_report_path, correction_path from notification where user_id = $1 and company_id = $2 order by id`,
    [users[email], company],
  );

/** Moves a record through the board, each move at its current version; expects every move to pass. */
async function moveAlong(id: number, ...statuses: string[]) {
  for (const to of statuses) {
    const current = await record(id);
    const moved = await move(id, current.version, to);
    expect([to, moved.status, moved.body.message]).toEqual([to, 200, undefined]);
  }
}
async function operate(reportId: number) {
  const patched = await t
    .http()
    .patch(`/api/correction-report/${reportId}`)
    .set(as(TECH))
    .send({ operations: [{ operation_id: ids.operations[0], zone: 'Portada cara B', amount: '0,05 mm' }], hours: 2.5, findings: 'Desgaste en el puente' });
  expect([patched.status, patched.body.message]).toEqual([200, undefined]);
  return patched.body as CorrectionReportDetail;
}

describe('catalogues', () => {
  it("give each company the plant's Spanish defects and operations, its own", async () => {
    const defects = await t.http().get('/api/correction-defect/all?pageSize=100').set(as(TECH));
    expect(defects.status).toBe(200);
    expect(defects.body.items.map((item: { name: string }) => item.name)).toEqual([...DEFAULT_CORRECTION_DEFECTS]);
    const operations = await t.http().get('/api/correction-operation/all?pageSize=100').set(as(SOUTH));
    expect(operations.body.items.map((item: { name: string }) => item.name)).toEqual([...DEFAULT_CORRECTION_OPERATIONS]);
    const southDefects = await t.sql<{ id: number }>(`select id from correction_defect where company_id = $1`, [south]);
    expect(southDefects.map((row) => row.id)).not.toContain(ids.defect);
    expect((await t.http().get(`/api/correction-defect/${ids.defect}`).set(as(SOUTH))).status).toBe(404);
    // Extending is the leads' (the board's page); a die technician reads.
    expect((await t.http().post('/api/correction-defect').set(as(TECH)).send({ name: 'Ampolla', active: 'yes' })).status).toBe(403);
    const added = await t.http().post('/api/correction-defect').set(as(LEAD)).send({ name: 'Ampolla', active: 'yes', sort_order: 125 });
    expect(added.status).toBe(201);
    const twice = await t.http().post('/api/correction-defect').set(as(LEAD)).send({ name: 'Ampolla', active: 'yes' });
    expect([twice.status, twice.body.fields]).toEqual([409, { name: 'Ya existe una entrada con ese nombre' }]);
  });

  it('are there for a company created later', async () => {
    const [company] = await t.sql<{ id: number }>(`insert into company (name) values ('Perfiles Nuevos') returning id`);
    const [{ defects }] = await t.sql<{ defects: number }>(`select count(*)::int as defects from correction_defect where company_id = $1`, [company.id]);
    const [setting] = await t.sql<{ correction_draft_after: number }>(`select correction_draft_after from correction_setting where company_id = $1`, [
      company.id,
    ]);
    expect([defects, setting.correction_draft_after]).toEqual([DEFAULT_CORRECTION_DEFECTS.length, 3]);
  });
});

describe("a record's and its attempts' life, with the die's states", () => {
  it('opens (die to correction), is assigned, corrected, rejected in trial, corrected again, approved and closed (die to stock)', async () => {
    const dieId = await die('in_stock');
    const [{ corrections_count: before }] = await t.sql<{ corrections_count: number }>(`select corrections_count from die where id = $1`, [dieId]);
    const created = await create({
      die_id: dieId,
      defect_id: ids.defect,
      dimension_label: 'A',
      measured_mm: 40.35,
      nominal_mm: 40,
      tol_minus: 0.2,
      tol_plus: 0.2,
    });
    expect([created.status, created.body.message]).toEqual([201, undefined]);
    const opened = created.body as CorrectionRecordDetail;
    expect(opened).toMatchObject({
      status: 'reported',
      origin: 'quality',
      defect_name: 'Torsión',
      die_state: 'correction',
      effectiveness: 'pending',
      attempts: 0,
    });
    expect(opened.number).toMatch(new RegExp(`^NC-${new Date().getFullYear()}-\\d{4}$`));
    expect(await dieState(dieId)).toBe('correction');
    expect((await dieEvents(dieId)).at(-1)).toMatchObject({ kind: 'correction', from_state: 'in_stock', to_state: 'correction', ref_id: opened.id });
    const [{ corrections_count: after }] = await t.sql<{ corrections_count: number }>(`select corrections_count from die where id = $1`, [dieId]);
    expect(after).toBe(before + 1);
    // One open record per die.
    const second = await create({ die_id: dieId });
    expect([second.status, Object.keys(second.body.fields)]).toEqual([409, ['die_id']]);

    // 'Asignada' needs a corrector: refused in Spanish, with the field.
    const unassigned = await move(opened.id, opened.version, 'assigned');
    expect([unassigned.status, unassigned.body]).toEqual([
      409,
      { statusCode: 409, message: correctionMessages.assignFirst, error: 'Conflict', fields: { to: correctionMessages.assignFirst } },
    ]);
    const lane = await reassign(opened.id, opened.version, users[TECH]);
    expect([lane.status, (lane.body as CorrectionCard).corrector_name]).toEqual([200, expect.any(String)]);
    const assignedNotice = (await notificationsOf(TECH)).at(-1)!;
    expect(assignedNotice).toMatchObject({ hypothalum_id: opened.id, correction_report_path: null });
    expect(assignedNotice.text_message).toContain(opened.number);
    // A move on a stale card is refused.
    const stale = await move(opened.id, opened.version, 'assigned');
    expect([stale.status, stale.body.fields]).toEqual([409, { version: correctionMessages.staleVersion }]);
    await moveAlong(opened.id, 'assigned', 'in_correction');
    const working = await record(opened.id);
    expect(working.reports).toHaveLength(1);
    expect(working.reports[0]).toMatchObject({
      attempt_no: 1,
      corrector_id: users[TECH],
      trial_result: 'pending',
      path: `${working.reports[0].id}/${opened.id}`,
    });
    // To trial only with the attempt's operations.
    const early = await move(opened.id, working.version, 'in_trial');
    expect([early.status, early.body.fields]).toEqual([409, { to: correctionMessages.operationsFirst }]);
    const unknownOperation = await t
      .http()
      .patch(`/api/correction-report/${working.reports[0].id}`)
      .set(as(TECH))
      .send({ operations: [{ operation_id: 999999, zone: 'x', amount: '1' }] });
    expect([unknownOperation.status, unknownOperation.body.fields]).toEqual([400, { 'operations.0.operation_id': correctionMessages.operationMissing }]);
    const first = await operate(working.reports[0].id);
    expect(first.operations).toEqual([
      { operation_id: ids.operations[0], operation_name: DEFAULT_CORRECTION_OPERATIONS[0], zone: 'Portada cara B', amount: '0,05 mm', note: '' },
    ]);
    await moveAlong(opened.id, 'in_trial');
    expect(await dieState(dieId)).toBe('trial');
    // Closing needs the trial approved.
    const closing = await move(opened.id, (await record(opened.id)).version, 'closed');
    expect([closing.status, closing.body.fields]).toEqual([409, { to: correctionMessages.closeWithApprovedTrial }]);

    // The trial run: checks still outside; rejected → a new attempt, die back to correction.
    const trialRun = await running(dieId);
    for (const value of [40.3, 40.32]) expect((await save(trialRun, value)).status).toBe(201);
    expect((await t.http().patch(`/api/correction-report/${first.id}`).set(as(TECH)).send({ trial_order_die_id: trialRun })).status).toBe(200);
    const compared = await report(first.id);
    expect(compared.comparison).toMatchObject({ dimension_label: 'A', nominal_mm: 40, after_out: 2, proposed: 'not_effective' });
    await stop(trialRun);
    await t.sql(`update die set state = 'trial' where id = $1`, [dieId]); // as if the run's confirmation and cleaning had brought it back for the verdict
    const rejected = await t.http().post(`/api/correction-report/${first.id}/trial`).set(as(LEAD)).send({ result: 'rejected', note: 'Sigue fuera en A' });
    expect([rejected.status, rejected.body.trial_result]).toEqual([200, 'rejected']);
    const again = await record(opened.id);
    expect([again.status, again.attempts, again.current_attempt?.attempt_no, again.effectiveness]).toEqual(['in_correction', 2, 2, 'pending']);
    expect(await dieState(dieId)).toBe('correction');
    const decided = await t.http().patch(`/api/correction-report/${first.id}`).set(as(TECH)).send({ hours: 3 });
    expect([decided.status, decided.body.fields]).toEqual([409, { id: correctionMessages.notCurrentAttempt }]);

    // Second attempt: operations, trial, approved → closed effective, die in stock.
    const secondAttempt = again.reports[1];
    await operate(secondAttempt.id);
    await moveAlong(opened.id, 'in_trial');
    const approved = await t.http().post(`/api/correction-report/${secondAttempt.id}/trial`).set(as(LEAD)).send({ result: 'approved' });
    expect([approved.status, approved.body.trial_result, approved.body.record.status, approved.body.record.effectiveness]).toEqual([
      200,
      'approved',
      'closed',
      'effective',
    ]);
    expect(await dieState(dieId)).toBe('in_stock');
    const twice = await t.http().post(`/api/correction-report/${secondAttempt.id}/trial`).set(as(LEAD)).send({ result: 'rejected' });
    expect([twice.status, twice.body.fields]).toEqual([409, { result: correctionMessages.trialDecided }]);
    const kinds = (await dieEvents(dieId)).map((event) => `${event.kind}:${event.to_state}`);
    expect(kinds).toEqual(expect.arrayContaining(['correction:correction', 'trial:trial', 'trial:in_stock']));

    // The die summary lists the correction with both attempts and their results.
    const summary = (await t.http().get(`/api/die/${dieId}/summary`).set(as(TECH))).body as DieSummary;
    expect(summary.corrections).toHaveLength(1);
    expect(summary.corrections[0]).toMatchObject({ id: opened.id, status: 'closed', effectiveness: 'effective' });
    expect(summary.corrections[0].reports.map((attempt) => [attempt.attempt_no, attempt.trial_result])).toEqual([
      [1, 'rejected'],
      [2, 'approved'],
    ]);
    // A closed record no longer changes.
    const frozen = await t.http().patch(`/api/correction-record/${opened.id}`).set(as(LEAD)).send({ severity: 'minor' });
    expect(frozen.status).toBe(409);
  });

  it('refuses illegal board moves with the Spanish reason and the field', async () => {
    const opened = (await create({ die_id: await die() })).body as CorrectionRecordDetail;
    const illegal = await move(opened.id, opened.version, 'closed');
    expect([illegal.status, illegal.body.fields]).toEqual([409, { to: correctionMessages.illegalMove('reported', 'closed') }]);
    expect(illegal.body.message).toBe('No se puede pasar de «Reportada» a «Cerrada (eficaz)»');
    const unknown = await move(opened.id, opened.version, 'somewhere');
    expect([unknown.status, Object.keys(unknown.body.fields)]).toEqual([400, ['to']]);
    const invalid = await create({ die_id: await die(), description: '', origin: 'nowhere' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toMatchObject({ description: correctionMessages.description, origin: correctionMessages.origin });
    // Discarded before any work: the die goes back to stock.
    await moveAlong(opened.id, 'discarded');
    expect(await dieState(opened.die_id)).toBe('in_stock');
    const final = await move(opened.id, (await record(opened.id)).version, 'reported');
    expect(final.body.fields).toEqual({ to: correctionMessages.finished('discarded') });
  });

  it("assigns the corrector chosen as the card lands on 'Asignada' and notifies her; without one it is refused", async () => {
    const opened = (await create({ die_id: await die() })).body as CorrectionRecordDetail;
    const bare = await move(opened.id, opened.version, 'assigned');
    expect([bare.status, bare.body.fields]).toEqual([409, { to: correctionMessages.assignFirst }]);
    const outsider = await t
      .http()
      .post('/api/correction-board/move')
      .set(as(LEAD))
      .send({ id: opened.id, to: 'assigned', version: opened.version, corrector_id: users[SOUTH_OPERATOR] });
    expect([outsider.status, Object.keys(outsider.body.fields)]).toEqual([400, ['corrector_id']]);
    expect((await record(opened.id)).assigned_corrector_id).toBeNull();
    const before = (await notificationsOf(TECH)).length;
    const assigned = await t
      .http()
      .post('/api/correction-board/move')
      .set(as(LEAD))
      .send({ id: opened.id, to: 'assigned', version: opened.version, corrector_id: users[TECH] });
    expect([assigned.status, assigned.body.status, assigned.body.assigned_corrector_id]).toEqual([200, 'assigned', users[TECH]]);
    const told = (await notificationsOf(TECH)).slice(before);
    expect(told).toEqual([expect.objectContaining({ text_message: correctionNotices.assigned(opened.number, opened.die.label), hypothalum_id: opened.id })]);
  });

  it('takes a draft straight to assignment: the record opens and its die goes to correction', async () => {
    const dieId = await die();
    const drafted = (await create({ die_id: dieId, draft: true })).body as CorrectionRecordDetail;
    expect([drafted.status, await dieState(dieId)]).toEqual(['draft', 'in_stock']);
    const assigned = await t
      .http()
      .post('/api/correction-board/move')
      .set(as(LEAD))
      .send({ id: drafted.id, to: 'assigned', version: drafted.version, corrector_id: users[TECH] });
    expect([assigned.status, assigned.body.status]).toEqual([200, 'assigned']);
    expect(await dieState(dieId)).toBe('correction');
  });

  it('leaves a die at the press where it is: it goes to correction through its confirmation and cleaning', async () => {
    const dieId = await die('in_stock');
    const run = await running(dieId);
    const opened = (await create({ die_id: dieId, origin: 'press', order_die_id: run })).body as CorrectionRecordDetail;
    expect([opened.status, opened.order_number, await dieState(dieId)]).toEqual(['reported', expect.stringMatching(/^OP-NC-/), 'press']);
    await stop(run);
    const confirmed = await t.http().post('/api/die-confirmation').set(as(TECH)).send({
      order_die_id: run,
      billets: 30,
      billet_kg: 1600,
      good_kg: 1500,
      scrap_kg: 80,
      condition: 'needs_correction',
      pull_reason: 'dimensional',
      notes: '',
    });
    expect(confirmed.status).toBe(201);
    expect(await dieState(dieId)).toBe('cleaning');
    const cleaning = await t.http().post('/api/die-cleaning').set(as(TECH)).send({ die_id: dieId, method: 'caustic' });
    expect(cleaning.status).toBe(201);
    const finished = await t.http().patch(`/api/die-cleaning/${cleaning.body.id}`).set(as(TECH)).send({ inspection_result: 'correction' });
    expect([finished.status, finished.body.message]).toEqual([200, undefined]);
    expect(await dieState(dieId)).toBe('correction');
    // The same record goes on: no second one.
    const records = await t.sql<{ id: number }>(`select id from correction_record where die_id = $1`, [dieId]);
    expect(records.map((row) => row.id)).toEqual([opened.id]);
  });

  it('opens a record from a confirmation that needs correction, and from a cleaning inspection without one', async () => {
    const dieId = await die('in_stock');
    const run = await running(dieId);
    await stop(run);
    const confirmed = await t.http().post('/api/die-confirmation').set(as(TECH)).send({
      order_die_id: run,
      billets: 30,
      billet_kg: 1600,
      good_kg: 1500,
      scrap_kg: 80,
      condition: 'damaged',
      pull_reason: 'breakage',
      notes: 'Puente roto',
    });
    expect(confirmed.status).toBe(201);
    const [fromRun] = await t.sql<{ origin: string; status: string; order_die_id: number; severity: string }>(
      `select origin, status, order_die_id, severity from correction_record where die_id = $1`,
      [dieId],
    );
    expect(fromRun).toEqual({ origin: 'press', status: 'reported', order_die_id: run, severity: 'critical' });
    expect(await dieState(dieId)).toBe('cleaning');

    const other = await die('cleaning');
    const cleaning = await t.http().post('/api/die-cleaning').set(as(TECH)).send({ die_id: other, method: 'wet_blast' });
    await t.http().patch(`/api/die-cleaning/${cleaning.body.id}`).set(as(TECH)).send({ inspection_result: 'correction', notes: 'Rayas en la portada' });
    const [fromCleaning] = await t.sql<{ origin: string; status: string; description: string }>(
      `select origin, status, description from correction_record where die_id = $1`,
      [other],
    );
    expect(fromCleaning).toMatchObject({ origin: 'cleaning', status: 'reported' });
    expect(fromCleaning.description).toContain('Rayas en la portada');
    expect(await dieState(other)).toBe('correction');
  });

  it("ends a scrapped die's open record as 'Matriz de baja'", async () => {
    const dieId = await die('in_stock');
    const opened = (await create({ die_id: dieId })).body as CorrectionRecordDetail;
    const scrapped = await t.http().delete(`/api/die/${dieId}`).set(as(LEAD)).send({ reason: 'Fisura en el puente' });
    expect(scrapped.status).toBe(200);
    const after = await record(opened.id);
    expect([after.status, after.closed_at]).toEqual(['scrapped', expect.any(String)]);
  });
});

describe('the automatic draft from the 10-minute checks', () => {
  it('opens one draft after N checks outside tolerance, notifies the shift leads, keeps every check', async () => {
    const dieId = await die('in_stock');
    const run = await running(dieId);
    const leadsBefore = (await notificationsOf(LEAD)).length;
    const operatorBefore = (await notificationsOf(OPERATOR)).length;
    expect((await save(run, 40.1)).status).toBe(201); // within
    expect((await save(run, 40.4)).status).toBe(201); // 1 outside
    expect((await save(run, 40.45)).status).toBe(201); // 2 outside
    expect(await t.sql(`select id from correction_record where die_id = $1`, [dieId])).toHaveLength(0);
    const third = await save(run, 40.5); // 3 outside: the company's default
    expect(third.status).toBe(201);
    expect(third.body.map((check: { within_tolerance: boolean }) => check.within_tolerance)).toEqual([false, true]);
    const drafts = await t.sql<{
      id: number;
      number: string;
      status: string;
      auto_draft: boolean;
      order_die_id: number;
      dimension_label: string;
      measured_mm: string;
      nominal_mm: string;
    }>(`select id, number, status, auto_draft, order_die_id, dimension_label, measured_mm, nominal_mm from correction_record where die_id = $1`, [dieId]);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ status: 'draft', auto_draft: true, order_die_id: run, dimension_label: 'A' });
    expect([Number(drafts[0].measured_mm), Number(drafts[0].nominal_mm)]).toEqual([40.5, 40]);
    // A draft does not move the die from the press.
    expect(await dieState(dieId)).toBe('press');
    const leadNotices = (await notificationsOf(LEAD)).slice(leadsBefore);
    expect(leadNotices).toEqual([expect.objectContaining({ hypothalum_id: drafts[0].id })]);
    expect(leadNotices[0].text_message).toContain(drafts[0].number);
    expect((await notificationsOf(ADMIN)).at(-1)).toMatchObject({ hypothalum_id: drafts[0].id });
    expect((await notificationsOf(OPERATOR)).length).toBe(operatorBefore);
    // One draft per run: more bad checks add no other.
    expect((await save(run, 40.6)).status).toBe(201);
    expect(await t.sql(`select id from correction_record where die_id = $1`, [dieId])).toHaveLength(1);
    const [{ checks }] = await t.sql<{ checks: number }>(`select count(*)::int as checks from dimension_record where order_die_id = $1`, [run]);
    expect(checks).toBe(10);
    // On the board in 'Reportada' with its badge; reporting it moves nothing while the die runs.
    const board = (await t.http().get('/api/correction-board').set(as(LEAD))).body as CorrectionBoard;
    expect(board.columns.find((column) => column.status === 'reported')!.cards.find((card) => card.id === drafts[0].id)).toMatchObject({ status: 'draft' });
    await moveAlong(drafts[0].id, 'reported');
    expect(await dieState(dieId)).toBe('press');
  });

  it('follows the company setting, and never loses the checks when the draft cannot be made', async () => {
    const settings = await t
      .http()
      .put('/api/correction-settings')
      .set(as(ADMIN))
      .send({ correction_draft_after: 1, corrector_ids: [users[TECH]] });
    expect([settings.status, settings.body.correction_draft_after, settings.body.correctors]).toEqual([
      200,
      1,
      [{ id: users[TECH], name: expect.any(String) }],
    ]);
    const refused = await t.http().put('/api/correction-settings').set(as(ADMIN)).send({ correction_draft_after: 0, corrector_ids: [] });
    expect([refused.status, refused.body.fields]).toEqual([400, { correction_draft_after: correctionMessages.draftAfter }]);
    expect((await t.http().put('/api/correction-settings').set(as(LEAD)).send({ correction_draft_after: 2, corrector_ids: [] })).status).toBe(403);
    const dieId = await die('in_stock');
    const run = await running(dieId);
    expect((await save(run, 39.5)).status).toBe(201);
    expect(await t.sql(`select id from correction_record where die_id = $1 and status = 'draft'`, [dieId])).toHaveLength(1);

    // A draft that fails (the counter table refuses it) rolls back alone.
    const other = await die('in_stock');
    const otherRun = await running(other);
    await t.sql(`alter table correction_record add constraint test_no_drafts check (status <> 'draft') not valid`);
    try {
      const saved = await save(otherRun, 39.4);
      expect(saved.status).toBe(201);
    } finally {
      await t.sql(`alter table correction_record drop constraint test_no_drafts`);
    }
    const [{ checks }] = await t.sql<{ checks: number }>(`select count(*)::int as checks from dimension_record where order_die_id = $1`, [otherRun]);
    expect(checks).toBe(2);
    expect(await t.sql(`select id from correction_record where die_id = $1`, [other])).toHaveLength(0);
    await t.http().put('/api/correction-settings').set(as(ADMIN)).send({ correction_draft_after: 3, corrector_ids: [] });
  });
});

describe('discussion with mentions', () => {
  it("links a die mention to the company's own die only", async () => {
    const opened = (await create({ die_id: await die() })).body as CorrectionRecordDetail;
    const own = await t
      .http()
      .post('/api/correction-comment')
      .set(as(LEAD))
      .send({ correction_record_id: opened.id, text: `Igual que ${dieMentionOf({ id: opened.die_id, label: opened.die.label })}` });
    expect([own.status, own.body.text]).toEqual([201, `Igual que @[${opened.die.label}](die:${opened.die_id})`]);
    const southDie = await die('in_stock', south);
    const foreign = await t
      .http()
      .post('/api/correction-comment')
      .set(as(LEAD))
      .send({ correction_record_id: opened.id, text: `Como ${dieMentionOf({ id: southDie, label: 'PS-0501-1' })}` });
    expect([foreign.status, foreign.body.fields]).toEqual([400, { text: correctionMessages.dieMentionMissing }]);
  });

  it('notifies only the mentioned members of the company, with the link fields of spec 2.2', async () => {
    const opened = (await create({ die_id: await die() })).body as CorrectionRecordDetail;
    const operator = await connect(url, tokens[OPERATOR]);
    const live = nextEvent<{ text: string; id: number }>(operator, liveEvents.labeledUserInCorrectionOrder);
    const before = { tech: (await notificationsOf(TECH)).length, admin: (await notificationsOf(ADMIN)).length };
    const southBefore = (await notificationsOf(SOUTH_OPERATOR, south)).length;
    const text = `Revisar con ${mentionOf({ id: users[OPERATOR], name: 'Operario' })} la cara B`;
    const posted = await t.http().post('/api/correction-comment').set(as(LEAD)).send({ correction_record_id: opened.id, text });
    expect([posted.status, posted.body.mentions]).toEqual([201, [{ id: users[OPERATOR], name: expect.any(String) }]]);
    const event = await live;
    expect(event.text).toContain(opened.number);
    expect((await notificationsOf(OPERATOR)).at(-1)).toMatchObject({ hypothalum_id: opened.id, correction_report_path: null });
    expect((await notificationsOf(TECH)).length).toBe(before.tech);
    expect((await notificationsOf(ADMIN)).length).toBe(before.admin);
    // Someone of another company cannot be mentioned.
    const outsider = await t
      .http()
      .post('/api/correction-comment')
      .set(as(LEAD))
      .send({ correction_record_id: opened.id, text: `Hola ${mentionOf({ id: users[SOUTH_OPERATOR], name: 'Sur' })}` });
    expect([outsider.status, outsider.body.fields]).toEqual([400, { text: correctionMessages.mentionNotMember }]);
    expect((await notificationsOf(SOUTH_OPERATOR, south)).length).toBe(southBefore);

    // In an attempt's discussion: labeledUserCorrectionDiscussion with the report's path.
    await reassign(opened.id, (await record(opened.id)).version, users[TECH]);
    await moveAlong(opened.id, 'assigned', 'in_correction');
    const attempt = (await record(opened.id)).reports[0];
    const path = correctionReportPath(attempt);
    const lead = await connect(url, tokens[LEAD]);
    const discussion = nextEvent<{ correctionPath?: string }>(lead, liveEvents.labeledUserCorrectionDiscussion);
    const onReport = await t
      .http()
      .post('/api/correction-comment')
      .set(as(TECH))
      .send({ correction_report_id: attempt.id, text: `${mentionOf({ id: users[LEAD], name: 'Jefe' })} ¿lo vemos?` });
    expect(onReport.status).toBe(201);
    expect((await discussion).correctionPath).toBe(path);
    expect((await notificationsOf(LEAD)).at(-1)).toMatchObject({ correction_report_path: path, hypothalum_id: null });
    const listed = await t.http().get(`/api/correction-comment?correction_report_id=${attempt.id}`).set(as(OPERATOR));
    expect(listed.body.map((comment: { text: string }) => comment.text)).toEqual([expect.stringContaining('¿lo vemos?')]);
    expect((await record(opened.id)).comments).toHaveLength(1);
    const neither = await t.http().get('/api/correction-comment').set(as(OPERATOR));
    expect(neither.status).toBe(400);
  });

  it("tells the company's boards of every change, and no other company", async () => {
    const northSocket = await connect(url, tokens[LEAD]);
    const southSocket = await connect(url, tokens[SOUTH]);
    const southHeard: unknown[] = [];
    southSocket.on(CORRECTION_BOARD_CHANGED, (payload) => southHeard.push(payload));
    const changed = nextEvent<{ id: number }>(northSocket, CORRECTION_BOARD_CHANGED);
    const opened = (await create({ die_id: await die() })).body as CorrectionRecordDetail;
    expect(await changed).toEqual({ id: opened.id });
    const reassigned = nextEvent<{ id: number }>(northSocket, CORRECTION_BOARD_CHANGED);
    await reassign(opened.id, opened.version, users[OPERATOR]);
    expect(await reassigned).toEqual({ id: opened.id });
    expect(southHeard).toEqual([]);
  });
});

describe('the boards', () => {
  it("show the corrector's lane by due date and the unassigned ones; a drop reassigns and notifies", async () => {
    const early = (await create({ die_id: await die(), due_at: '2026-01-10T08:00:00Z', assigned_corrector_id: users[OPERATOR] }))
      .body as CorrectionRecordDetail;
    const late = (await create({ die_id: await die(), due_at: '2030-01-10T08:00:00Z', assigned_corrector_id: users[OPERATOR] })).body as CorrectionRecordDetail;
    const lanes = (await t.http().get('/api/corrector-board').set(as(TECH))).body as CorrectorBoard;
    const operatorLane = lanes.lanes.find((lane) => lane.corrector.id === users[OPERATOR])!;
    const order = operatorLane.cards.map((card) => card.id);
    expect(order.indexOf(early.id)).toBeLessThan(order.indexOf(late.id));
    expect(operatorLane.cards.find((card) => card.id === early.id)!.overdue).toBe(true);
    const before = (await notificationsOf(TECH)).length;
    const dropped = await reassign(late.id, late.version, users[TECH]);
    expect([dropped.status, dropped.body.assigned_corrector_id]).toEqual([200, users[TECH]]);
    expect((await notificationsOf(TECH)).slice(before)).toEqual([expect.objectContaining({ hypothalum_id: late.id })]);
    const outsider = await reassign(late.id, dropped.body.version, users[SOUTH_OPERATOR]);
    expect([outsider.status, outsider.body.fields]).toEqual([400, { corrector_id: correctionMessages.correctorNotMember }]);
  });

  it('lists records with filters and search', async () => {
    const dieId = await die();
    const opened = (await create({ die_id: dieId, origin: 'customer', description: 'Reclamo del cliente por onda' })).body as CorrectionRecordDetail;
    const byDie = await t.http().get(`/api/correction-record/all?die_id=${dieId}`).set(as(OPERATOR));
    expect(byDie.body.items.map((row: { id: number }) => row.id)).toEqual([opened.id]);
    const searched = await t
      .http()
      .get(`/api/correction-record/all?search=${encodeURIComponent(opened.number)}&origin=customer`)
      .set(as(OPERATOR));
    expect(searched.body).toMatchObject({ total: 1, items: [{ id: opened.id, origin: 'customer' }] });
    const people = await t.http().get('/api/correction-people').set(as(OPERATOR));
    expect(people.body.mentionable.map((person: { id: number }) => person.id)).toEqual(expect.arrayContaining([users[LEAD], users[TECH]]));
    expect(people.body.mentionable.map((person: { id: number }) => person.id)).not.toContain(users[SOUTH_OPERATOR]);
  });
});

describe('share links', () => {
  it('let a guest read their one record or report, and nothing else', async () => {
    const opened = (await create({ die_id: await die(), assigned_corrector_id: users[TECH] })).body as CorrectionRecordDetail;
    await moveAlong(opened.id, 'assigned', 'in_correction');
    const attempt = (await record(opened.id)).reports[0];
    const other = (await create({ die_id: await die() })).body as CorrectionRecordDetail;
    const guestOf = async (resource_type: string, resource_id: number) => {
      const link = await t.http().post('/api/share-token').set(as(LEAD)).send({ resource_type, resource_id });
      expect(link.status).toBe(201);
      return bearer((await t.http().post('/api/auth/login/token').send({ token: link.body.token })).body.access_token);
    };
    const recordGuest = await guestOf('correction-record', opened.id);
    const read = await t.http().get(`/api/correction-record/${opened.id}`).set(recordGuest);
    expect([read.status, read.body.id, read.body.people, read.body.reports.length]).toEqual([200, opened.id, null, 1]);
    expect(read.body.drawing_url).toBe(`/api/correction-record/${opened.id}/drawing`);
    const drawing = await t.http().get(read.body.drawing_url).set(recordGuest);
    expect([drawing.status, drawing.headers['content-type']]).toEqual([200, 'application/pdf']);
    const reportGuest = await guestOf('correction-report', attempt.id);
    const readReport = await t.http().get(`/api/correction-report/${attempt.id}`).set(reportGuest);
    expect([readReport.status, readReport.body.record.id, readReport.body.people]).toEqual([200, opened.id, null]);
    expect((await t.http().get(`/api/correction-report/${attempt.id}/drawing`).set(reportGuest)).status).toBe(200);
    const refused: [object, string, string, object?][] = [
      [recordGuest, 'GET', `/api/correction-record/${other.id}`],
      [recordGuest, 'GET', `/api/correction-report/${attempt.id}`],
      [recordGuest, 'GET', `/api/correction-report/${attempt.id}/drawing`],
      [recordGuest, 'GET', `/api/correction-record/${other.id}/drawing`],
      [recordGuest, 'GET', '/api/correction-record/all'],
      [recordGuest, 'GET', `/api/correction-comment?correction_record_id=${opened.id}`],
      [recordGuest, 'POST', '/api/correction-comment', { correction_record_id: opened.id, text: 'hola' }],
      [recordGuest, 'PATCH', `/api/correction-record/${opened.id}`, { severity: 'minor' }],
      [recordGuest, 'PUT', `/api/correction-record/${opened.id}/canvas`, { items: [] }],
      [recordGuest, 'GET', '/api/correction-board'],
      [recordGuest, 'GET', '/api/correction-people'],
      [reportGuest, 'GET', `/api/correction-record/${opened.id}`],
      [reportGuest, 'PATCH', `/api/correction-report/${attempt.id}`, { hours: 1 }],
      [reportGuest, 'POST', `/api/correction-report/${attempt.id}/trial`, { result: 'approved' }],
    ];
    for (const [guest, method, path, body] of refused) {
      const call = t
        .http()
        [method.toLowerCase() as 'get' | 'post' | 'patch' | 'put'](path)
        .set(guest as Record<string, string>);
      const response = await (body ? call.send(body) : call);
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 403 });
    }
  });
});

describe('tenancy and grants on every route', () => {
  let northRecord: CorrectionRecordDetail;
  let northReport: number;
  beforeAll(async () => {
    northRecord = (await create({ die_id: await die(), assigned_corrector_id: users[TECH] })).body as CorrectionRecordDetail;
    await moveAlong(northRecord.id, 'assigned', 'in_correction');
    northRecord = await record(northRecord.id);
    northReport = northRecord.reports[0].id;
  });

  /** Every route with a valid call on Norte's record. */
  const routes = (): [string, string, object?][] => [
    ['GET', '/api/correction-record/all'],
    ['GET', `/api/correction-record/${northRecord.id}`],
    ['POST', '/api/correction-record', { die_id: northRecord.die_id, origin: 'quality', description: 'x' }],
    ['PATCH', `/api/correction-record/${northRecord.id}`, { severity: 'minor' }],
    ['PUT', `/api/correction-record/${northRecord.id}/canvas`, { items: [] }],
    ['POST', '/api/correction-report', { correction_record_id: northRecord.id }],
    ['PATCH', `/api/correction-report/${northReport}`, { hours: 1 }],
    ['POST', `/api/correction-report/${northReport}/trial`, { result: 'approved' }],
    ['GET', `/api/correction-report/${northReport}`],
    ['GET', `/api/correction-record/${northRecord.id}/drawing`],
    ['GET', `/api/correction-report/${northReport}/drawing`],
    ['GET', `/api/correction-comment?correction_record_id=${northRecord.id}`],
    ['POST', '/api/correction-comment', { correction_record_id: northRecord.id, text: 'hola' }],
    ['GET', '/api/correction-board'],
    ['POST', '/api/correction-board/move', { id: northRecord.id, to: 'assigned', version: northRecord.version }],
    ['GET', '/api/corrector-board'],
    ['POST', '/api/corrector-board/move', { id: northRecord.id, corrector_id: null, version: northRecord.version }],
    ['GET', '/api/correction-people'],
    ['GET', '/api/correction-settings'],
    ['PUT', '/api/correction-settings', { correction_draft_after: 3, corrector_ids: [] }],
    ['GET', '/api/correction-defect/all'],
    ['GET', '/api/correction-operation/all'],
  ];
  const call = (who: string, [method, path, body]: [string, string, object?]) => {
    const request = t.http()[method.toLowerCase() as 'get' | 'post' | 'patch' | 'put'](path).set(as(who));
    return body ? request.send(body) : request;
  };

  it("gives another company's user 404 on Norte's records (or only their own data)", async () => {
    for (const route of routes()) {
      const response = await call(SOUTH, route);
      const [method, path] = route;
      if (/\/(all|board|corrector-board|correction-people|correction-settings)(\?|$)/.test(path) || path.endsWith('correction-board')) {
        expect({ method, path, status: response.status }).toEqual({ method, path, status: 200 });
        expect(JSON.stringify(response.body)).not.toContain(northRecord.number);
      } else {
        expect({ method, path, status: response.status }).toEqual({ method, path, status: path === '/api/correction-record' ? 400 : 404 });
      }
    }
    expect((await record(northRecord.id)).status).toBe('in_correction');
  });

  it('needs the page grants: nothing for a guest account, the boards and settings only for leads', async () => {
    for (const route of routes()) {
      const response = await call(GUEST, route);
      expect({ route: `${route[0]} ${route[1]}`, status: response.status }).toEqual({ route: `${route[0]} ${route[1]}`, status: 403 });
    }
    const leadsOnly = ['POST /api/correction-board/move', 'POST /api/corrector-board/move', 'PUT /api/correction-settings'];
    for (const route of routes()) {
      const key = `${route[0]} ${route[1]}`;
      if (!leadsOnly.includes(key)) continue;
      expect({ key, status: (await call(OPERATOR, route)).status }).toEqual({ key, status: 403 });
    }
    // The user role reports, writes attempts, marks the drawing and discusses.
    const canvas = await t
      .http()
      .put(`/api/correction-record/${northRecord.id}/canvas`)
      .set(as(OPERATOR))
      .send({ items: [{ kind: 'pin', id: 'p1', n: 1, x: 0.5, y: 0.5, measured_mm: 40.3, nominal_mm: 40, zone: 'Cara B', action: 'Aliviar' }] });
    expect([canvas.status, canvas.body.message, canvas.body.has_canvas]).toEqual([200, undefined, true]);
    expect((await call(OPERATOR, ['PATCH', `/api/correction-report/${northReport}`, { hours: 1.5 }])).status).toBe(200);
    expect((await call(OPERATOR, ['POST', '/api/correction-comment', { correction_record_id: northRecord.id, text: 'Visto' }])).status).toBe(201);
    expect((await t.http().get(`/api/correction-record/9999999`).set(as(OPERATOR))).body.message).toBe(messages.notFound);
  });
});
