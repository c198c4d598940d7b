import jwt from 'jsonwebtoken';
import { messages, userSchema } from '@planta/contracts';
import { bearer, startTestApp, TEST_JWT_SECRET, type TestApp } from './support/test-app';

let t: TestApp;
let admin: string;
let ids: { die: number; otherDie: number; record: number; report: number };
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.login('admin@norte.example')).access_token;
  const north = `(select id from company where name = 'Extrusiones del Norte')`;
  const [die] = await t.sql<{ id: number }>(`select id from die where company_id = ${north} and die_reference = 'EN-1042' and copy_number = 1`);
  const [otherDie] = await t.sql<{ id: number }>(`select id from die where company_id = ${north} and die_reference = 'EN-2210'`);
  const [record] = await t.sql<{ id: number }>(`select id from correction_record where die_id = $1`, [die.id]);
  const [report] = await t.sql<{ id: number }>(`select id from correction_report where correction_record_id = $1`, [record.id]);
  ids = { die: die.id, otherDie: otherDie.id, record: record.id, report: report.id };
});
afterAll(() => t.close());

async function share(token: string, resource_type: string, resource_id: number, extra: object = {}) {
  return t
    .http()
    .post('/api/share-token')
    .set(bearer(token))
    .send({ resource_type, resource_id, ...extra });
}

async function guestFor(resource_type: string, resource_id: number, extra: object = {}, by = admin) {
  const created = await share(by, resource_type, resource_id, extra);
  expect(created.status).toBe(201);
  const signIn = await t.http().post('/api/auth/login/token').send({ token: created.body.token });
  expect(signIn.status).toBe(200);
  return { link: created.body as { id: number; token: string; expires_at: string }, session: signIn.body as { access_token: string; user: unknown } };
}

describe('share links', () => {
  it('sign a guest in, limited to the one die summary, read only', async () => {
    const { link, session } = await guestFor('die-summary', ids.die);
    expect(new Date(link.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    const user = userSchema.parse(session.user);
    expect(user.role).toEqual(['guest']);
    expect(user.data.id).toBe(0);
    const guest = bearer(session.access_token);
    const summary = await t.http().get(`/api/die/${ids.die}/summary`).set(guest);
    expect(summary.status).toBe(200);
    expect(summary.body.die).toMatchObject({ id: ids.die, die_reference: 'EN-1042', copy_number: 1 });
    expect(summary.body.corrections).toHaveLength(1);
    // The summary's log too, read only: the die's own record (for editing) and its changes are not the guest's.
    expect((await t.http().get(`/api/die/${ids.die}/events`).set(guest)).status).toBe(200);
    expect((await t.http().patch(`/api/die/${ids.die}/state`).set(guest).send({ to: 'cleaning' })).status).toBe(403);
    for (const path of [
      `/api/die/${ids.die}`,
      `/api/die/${ids.otherDie}/summary`,
      `/api/die/${ids.otherDie}/events`,
      '/api/die/all',
      '/api/die/find?reference=EN',
      `/api/correction-record/${ids.record}`,
      '/api/company/all',
      '/api/grants',
      '/api/chat/contacts',
      '/api/notification/all?userId=0',
      '/api/extrusion-line/all',
    ]) {
      expect({ path, status: (await t.http().get(path).set(guest)).status }).toEqual({ path, status: 403 });
    }
    expect(
      (
        await t
          .http()
          .post('/api/auth/user/update')
          .set(guest)
          .send({ user: { data: { displayName: 'Hacker' } } })
      ).status,
    ).toBe(403);
    expect((await share(session.access_token, 'die-summary', ids.die)).status).toBe(403);
  });

  it('open one correction record or one correction report', async () => {
    const record = await guestFor('correction-record', ids.record);
    expect((await t.http().get(`/api/correction-record/${ids.record}`).set(bearer(record.session.access_token))).body).toMatchObject({
      id: ids.record,
      die: { id: ids.die },
    });
    expect((await t.http().get(`/api/correction-report/${ids.report}`).set(bearer(record.session.access_token))).status).toBe(403);
    const report = await guestFor('correction-report', ids.report);
    const read = await t.http().get(`/api/correction-report/${ids.report}`).set(bearer(report.session.access_token));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: ids.report, record: { id: ids.record }, die: { die_reference: 'EN-1042' }, people: null });
  });

  it('may be created by whoever may change the die (staff, and die technicians with the user role) but not by a guest account', async () => {
    const staff = (await t.login('jefe@norte.example')).access_token;
    expect((await share(staff, 'die-summary', ids.die)).status).toBe(201);
    const technician = (await t.login('matriceria@norte.example')).access_token;
    expect((await share(technician, 'die-summary', ids.die)).status).toBe(201);
    await t.sql(
      `update page_role set update = false where page_id = (select id from page where alias = 'dies') and role_id = (select id from role where name = 'user')`,
    );
    try {
      expect((await share(technician, 'die-summary', ids.die)).status).toBe(403);
    } finally {
      await t.sql(
        `update page_role set update = true where page_id = (select id from page where alias = 'dies') and role_id = (select id from role where name = 'user')`,
      );
    }
    for (const email of ['invitado@norte.example']) {
      const token = (await t.login(email)).access_token;
      const response = await share(token, 'die-summary', ids.die);
      expect(response.status).toBe(403);
    }
  });

  it('stop working when revoked or expired', async () => {
    const { link, session } = await guestFor('die-summary', ids.die);
    expect((await t.http().delete(`/api/share-token/${link.id}`).set(bearer(admin))).status).toBe(204);
    expect((await t.http().get(`/api/die/${ids.die}/summary`).set(bearer(session.access_token))).status).toBe(401);
    const again = await t.http().post('/api/auth/login/token').send({ token: link.token });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(messages.shareTokenInvalid);

    const second = await guestFor('die-summary', ids.die);
    await t.sql(`update share_token set expires_at = now() - interval '1 minute' where id = (select max(id) from share_token)`);
    expect((await t.http().post('/api/auth/login/token').send({ token: second.link.token })).status).toBe(401);
    expect((await t.http().get(`/api/die/${ids.die}/summary`).set(bearer(second.session.access_token))).status).toBe(401);
  });

  it('answer 401 JSON to a forged or expired link or guest token; the stored link, not the token, names the resource', async () => {
    const unauthorized = (response: { status: number; body: unknown }) => {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ statusCode: 401, message: expect.any(String), error: 'Unauthorized' });
    };
    const forgedLink = await t
      .http()
      .post('/api/auth/login/token')
      .send({ token: 'x'.repeat(43) });
    unauthorized(forgedLink);
    expect((forgedLink.body as { message: string }).message).toBe(messages.shareTokenInvalid);

    const { session } = await guestFor('die-summary', ids.die);
    const claims = jwt.decode(session.access_token) as Record<string, unknown>;
    const sign = (payload: Record<string, unknown>, secret = TEST_JWT_SECRET) =>
      jwt.sign(payload, secret, { algorithm: 'HS256', issuer: 'planta-api', audience: 'planta-portal' });
    const { iat: _iat, exp: _exp, iss: _iss, aud: _aud, ...base } = claims;
    const otherShare = { ...base, share: { type: 'die-summary', id: ids.otherDie }, exp: Math.floor(Date.now() / 1000) + 3600 };
    // Another secret: refused outright.
    unauthorized(
      await t
        .http()
        .get(`/api/die/${ids.otherDie}/summary`)
        .set(bearer(sign(otherShare, 'another-secret-that-is-long-enough-0123456789abcdef'))),
    );
    // Expired: refused, although its link is still valid.
    unauthorized(
      await t
        .http()
        .get(`/api/die/${ids.die}/summary`)
        .set(bearer(sign({ ...base, exp: Math.floor(Date.now() / 1000) - 60 }))),
    );
    // Even a validly signed token claiming another die opens only the die its stored link names.
    const claimingOther = bearer(sign(otherShare));
    expect((await t.http().get(`/api/die/${ids.otherDie}/summary`).set(claimingOther)).status).toBe(403);
    expect((await t.http().get(`/api/die/${ids.die}/summary`).set(claimingOther)).status).toBe(200);
  });

  it('refuse unknown tokens, missing resources and bad requests', async () => {
    expect((await t.http().post('/api/auth/login/token').send({ token: 'no-existe' })).status).toBe(401);
    expect((await t.http().post('/api/auth/login/token').send({})).status).toBe(400);
    expect((await share(admin, 'die-summary', 999999)).status).toBe(404);
    const bad = await share(admin, 'die-drawing', ids.die, { expires_in_hours: 0 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['expires_in_hours', 'resource_type']);
  });
});

describe('who ends a link (issue 36)', () => {
  const revoke = (token: string, id: number) => t.http().delete(`/api/share-token/${id}`).set(bearer(token));
  const stillOpens = async (link: { token: string }) => (await t.http().post('/api/auth/login/token').send({ token: link.token })).status;
  const grantStaff = (given: boolean) =>
    t.sql(
      `update page_role set read = $1, delete = $1 where page_id = (select id from page where alias = 'share-links') and role_id = (select id from role where name = 'staff' and company_id is null)`,
      [given],
    );

  it("refuses anyone but its creator or an administrator, the administrator's own link included", async () => {
    const staff = (await t.login('jefe@norte.example')).access_token;
    const technician = (await t.login('matriceria@norte.example')).access_token;
    const ofAdmin = (await guestFor('die-summary', ids.die)).link;
    const ofTechnician = (await guestFor('die-summary', ids.die, {}, technician)).link;

    // Staff and another user may share the die, but not end what others shared.
    for (const [who, token] of [
      ['staff', staff],
      ['technician', technician],
    ] as const) {
      const refused = await revoke(token, ofAdmin.id);
      expect({ who, status: refused.status, body: refused.body }).toEqual({
        who,
        status: 403,
        body: { statusCode: 403, message: messages.forbidden, error: 'Forbidden' },
      });
    }
    expect((await revoke(staff, ofTechnician.id)).status).toBe(403);
    expect(await stillOpens(ofAdmin)).toBe(200);
    expect(await stillOpens(ofTechnician)).toBe(200);

    // The creator ends their own; the administrator ends anybody's.
    expect((await revoke(technician, ofTechnician.id)).status).toBe(204);
    expect(await stillOpens(ofTechnician)).toBe(401);
    const another = (await guestFor('die-summary', ids.die, {}, technician)).link;
    expect((await revoke(admin, another.id)).status).toBe(204);
    expect(await stillOpens(another)).toBe(401);

    // Administering links is a grant ('share-links'), not a role name: given to staff, staff may.
    await grantStaff(true);
    try {
      expect((await revoke(staff, ofAdmin.id)).status).toBe(204);
    } finally {
      await grantStaff(false);
    }
    expect(await stillOpens(ofAdmin)).toBe(401);
  });

  it('lists its own links to each creator and every link to an administrator, with what each shows', async () => {
    const technician = (await t.login('matriceria@norte.example')).access_token;
    const mine = (await guestFor('die-summary', ids.otherDie, { include_names: true }, technician)).link;
    const admins = (await guestFor('die-summary', ids.otherDie)).link;
    const list = async (token: string) => {
      const response = await t.http().get(`/api/share-token/all?resource_type=die-summary&resource_id=${ids.otherDie}&pageSize=100`).set(bearer(token));
      expect(response.status).toBe(200);
      return response.body as {
        items: { id: number; created_by_name: string; include_names: boolean; include_discussion: boolean; resource_label: string }[];
        total: number;
      };
    };
    const seenByTechnician = await list(technician);
    expect(seenByTechnician.items.map((link) => link.id)).toEqual([mine.id]);
    expect(seenByTechnician.items[0]).toMatchObject({
      include_names: true,
      include_discussion: false,
      created_by_name: 'Carmen Villalba',
      resource_label: 'EN-2210-1',
    });
    expect((await list(admin)).items.map((link) => link.id)).toEqual([admins.id, mine.id]);
    // A revoked link is no longer listed.
    expect((await revoke(technician, mine.id)).status).toBe(204);
    expect((await list(technician)).total).toBe(0);
  });
});

describe('what a link shows (issue 36)', () => {
  let names: string[];
  beforeAll(async () => {
    // Everyone of the company: none of their names may reach a guest unless the link includes names.
    names = (
      await t.sql<{ name: string }>(
        `select u.display_name as name from app_user u join company_member m on m.user_id = u.id where m.company_id = (select company_id from die where id = $1)`,
        [ids.die],
      )
    ).map((row) => row.name);
    const [someone] = await t.sql<{ id: number; name: string }>(`select id, display_name as name from app_user where email = 'jefe@norte.example'`);
    const comment = (body: object) => t.http().post('/api/correction-comment').set(bearer(admin)).send(body);
    expect((await comment({ correction_record_id: ids.record, text: `@[${someone.name}](${someone.id}) revisa la cota B antes del ensayo` })).status).toBe(201);
    expect((await comment({ correction_report_id: ids.report, text: `@[${someone.name}](${someone.id}) prueba en la prensa 2` })).status).toBe(201);
  });
  const namesIn = (body: unknown) => names.filter((name) => JSON.stringify(body).includes(name));
  const readAsGuest = async (resource_type: string, resource_id: number, path: string, extra: object = {}) => {
    const { session } = await guestFor(resource_type, resource_id, extra);
    const response = await t.http().get(path).set(bearer(session.access_token));
    expect(response.status).toBe(200);
    return response.body;
  };

  it('a correction record: no discussion and no names by default, though the staff see both', async () => {
    const internal = (await t.http().get(`/api/correction-record/${ids.record}`).set(bearer(admin))).body;
    expect(internal.comments.length).toBeGreaterThan(0);
    expect(internal.created_by_name).toEqual(expect.any(String));
    expect(internal.corrector_name).toEqual(expect.any(String));
    expect(namesIn(internal).length).toBeGreaterThan(0);

    const shared = await readAsGuest('correction-record', ids.record, `/api/correction-record/${ids.record}`);
    expect(shared).toMatchObject({ id: ids.record, comments: [], created_by_name: null, corrector_name: null, people: null });
    expect(shared.reports.length).toBe(internal.reports.length);
    for (const report of shared.reports) expect(report.corrector_name).toBeNull();
    expect(shared.description).toBe(internal.description);
    expect(namesIn(shared)).toEqual([]);
  });

  it('a correction record with the discussion and the names its creator chose to include', async () => {
    const internal = (await t.http().get(`/api/correction-record/${ids.record}`).set(bearer(admin))).body;
    const both = await readAsGuest('correction-record', ids.record, `/api/correction-record/${ids.record}`, { include_discussion: true, include_names: true });
    expect(both.comments).toEqual(internal.comments);
    expect(both).toMatchObject({ created_by_name: internal.created_by_name, corrector_name: internal.corrector_name, people: null });

    // The discussion without names: what was said, by nobody named, mentioning nobody by name.
    const discussion = await readAsGuest('correction-record', ids.record, `/api/correction-record/${ids.record}`, { include_discussion: true });
    expect(discussion.comments.map((comment: { id: number }) => comment.id)).toEqual(internal.comments.map((comment: { id: number }) => comment.id));
    expect(discussion.comments.at(-1)).toMatchObject({ author_name: null, mentions: [], text: '@… revisa la cota B antes del ensayo' });
    expect(discussion.created_by_name).toBeNull();
    expect(namesIn(discussion)).toEqual([]);
  });

  it('a correction report and a die summary: no discussion and no names by default', async () => {
    const report = await readAsGuest('correction-report', ids.report, `/api/correction-report/${ids.report}`);
    expect(report).toMatchObject({ id: ids.report, comments: [], corrector_name: null, people: null, record: { created_by_name: null, corrector_name: null } });
    expect(namesIn(report)).toEqual([]);

    const internal = (await t.http().get(`/api/die/${ids.die}/summary`).set(bearer(admin))).body;
    expect(namesIn(internal).length).toBeGreaterThan(0);
    const summary = await readAsGuest('die-summary', ids.die, `/api/die/${ids.die}/summary`);
    expect(summary.history.events.length).toBe(internal.history.events.length);
    expect(summary.history.events.every((event: { user_name: string | null }) => event.user_name === null)).toBe(true);
    expect(namesIn(summary)).toEqual([]);
    const named = await readAsGuest('die-summary', ids.die, `/api/die/${ids.die}/summary`, { include_names: true });
    expect(named.history.events).toEqual(internal.history.events);
  });
});
