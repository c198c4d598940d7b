import jwt from 'jsonwebtoken';
import { messages, userSchema } from '@planta/contracts';
import { DEMO_ACCOUNTS } from '../src/seed/demo-data';
import { bearer, startTestApp, TEST_JWT_SECRET, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SIGN_IN_FREE_FAILURES: '5', SIGN_IN_MAX_DELAY_SECONDS: '60' });
});
afterAll(() => t.close());

const claimsOf = (token: string) => jwt.decode(token, { complete: true }) as { header: { alg: string }; payload: Record<string, unknown> };

describe('POST /api/auth/login', () => {
  it.each(DEMO_ACCOUNTS.map((account) => [account.email, account.role] as const))('signs in %s with the spec 3 user shape and role %s', async (email, role) => {
    const { user, access_token } = await t.login(email);
    expect(userSchema.parse(user)).toEqual(user);
    expect(user.role).toEqual([role]);
    expect(user.from).toBe('api');
    expect(user.data.email).toBe(email);
    expect(user.data.company_id).toBe(user.data.companyId);
    const { header, payload } = claimsOf(access_token);
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({
      sub: String(user.data.id),
      uuid: user.uuid,
      roles: [role],
      company_id: user.data.company_id,
      iss: 'planta-api',
      aud: 'planta-portal',
    });
    // Spec 9: two days.
    expect((payload.exp as number) - (payload.iat as number)).toBe(2 * 24 * 3600);
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const response = await t.http().post('/api/auth/login').send({ email: '  Jefe@Norte.Example ', password: 'Planta2026!' });
    expect(response.status).toBe(200);
    expect(response.body.user.data.email).toBe('jefe@norte.example');
  });

  it('answers a wrong password and an unknown email with the same 401 message', async () => {
    const wrong = await t.http().post('/api/auth/login').send({ email: 'jefe@norte.example', password: 'incorrecta' });
    const unknown = await t.http().post('/api/auth/login').send({ email: 'nadie@norte.example', password: 'Planta2026!' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ statusCode: 401, message: messages.invalidCredentials, error: 'Unauthorized' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it.each([
    [
      { email: '', password: '' },
      { email: 'Este campo es obligatorio', password: 'Este campo es obligatorio' },
    ],
    [
      { email: 'a@b', password: 'abc' },
      { email: 'El tamaño minimo es 4', password: 'El tamaño mínimo es 4' },
    ],
    [{ email: 'sin-arroba', password: 'Planta2026!' }, { email: 'El formato del correo es incorrecto' }],
    [{}, { email: 'Este campo es obligatorio', password: 'Este campo es obligatorio' }],
    [
      { email: 42, password: ['x'] },
      { email: 'Este campo es obligatorio', password: 'Este campo es obligatorio' },
    ],
  ])('refuses %j with the field messages of spec 5', async (body, fields) => {
    const response = await t.http().post('/api/auth/login').send(body);
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual(fields);
    expect(response.body.error).toBe('Bad Request');
  });
});

describe('throttling of failed sign-ins', () => {
  it('delays one account after repeated failures from one address, even with the right password, without affecting others', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await t.http().post('/api/auth/login').send({ email: 'operario@norte.example', password: 'mal-1234' })).status).toBe(401);
    }
    const blocked = await t.http().post('/api/auth/login').send({ email: 'operario@norte.example', password: 'Planta2026!' });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(blocked.body.message).toBe(messages.tooManyAttempts(1));
    expect((await t.http().post('/api/auth/login').send({ email: 'admin@sur.example', password: 'Planta2026!' })).status).toBe(200);
  });
});

describe('access tokens', () => {
  const sign = (payload: Record<string, unknown>, secret = TEST_JWT_SECRET, options: jwt.SignOptions = {}) =>
    jwt.sign(payload, secret, {
      algorithm: 'HS256',
      issuer: 'planta-api',
      audience: 'planta-portal',
      ...('exp' in payload ? {} : { expiresIn: '1h' }),
      ...options,
    });
  let valid: string;
  let claims: Record<string, unknown>;
  beforeAll(async () => {
    valid = (await t.login('jefe@norte.example')).access_token;
    claims = claimsOf(valid).payload;
  });
  const base = () => ({ uuid: claims.uuid, roles: claims.roles, company_id: claims.company_id, sub: claims.sub });
  const call = (token?: string) =>
    t
      .http()
      .get('/api/company/all')
      .set(token === undefined ? {} : bearer(token));

  it('accepts a valid token', async () => {
    expect((await call(valid)).status).toBe(200);
  });

  it('refuses a missing or malformed token with "Invalid access_token"', async () => {
    for (const token of [undefined, '', 'garbage', 'a.b.c']) {
      const response = await call(token);
      expect(response.status).toBe(401);
      expect(response.body.message).toBe(messages.invalidAccessToken);
    }
  });

  it('refuses an expired token with "access_token expired"', async () => {
    const expired = sign({ ...base(), exp: Math.floor(Date.now() / 1000) - 60 });
    const response = await call(expired);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(messages.accessTokenExpired);
  });

  it('refuses a tampered payload, alg none, another secret, issuer or audience', async () => {
    const [header, , signature] = valid.split('.');
    const elevated = Buffer.from(JSON.stringify({ ...claims, roles: ['admin'], sub: '1' })).toString('base64url');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    const tokens = [
      `${header}.${elevated}.${signature}`,
      none,
      sign(base(), 'another-secret-that-is-long-enough-0123456789abcdef'),
      sign(base(), TEST_JWT_SECRET, { issuer: 'someone-else' }),
      sign(base(), TEST_JWT_SECRET, { audience: 'another-app' }),
      jwt.sign(base(), TEST_JWT_SECRET, { algorithm: 'HS512', issuer: 'planta-api', audience: 'planta-portal' }),
    ];
    for (const token of tokens) {
      const response = await call(token);
      expect(response.status).toBe(401);
      expect(response.body.message).toBe(messages.invalidAccessToken);
    }
  });

  it('refuses a token of a user who is no longer active', async () => {
    const { access_token, user } = await t.login('invitado@norte.example');
    await t.sql(`update app_user set active = false where id = $1`, [user.data.id]);
    try {
      expect((await call(access_token)).status).toBe(401);
    } finally {
      await t.sql(`update app_user set active = true where id = $1`, [user.data.id]);
    }
  });

  it('takes roles from the user record, not from the token', async () => {
    const operator = await t.login('operario@sur.example');
    await t.sql(`delete from company_member_role where user_id = $1`, [operator.user.data.id]);
    await t.sql(`insert into company_member_role (company_id, user_id, role_id) select $2, $1, id from role where name = 'guest' and company_id is null`, [
      operator.user.data.id,
      operator.user.data.company_id,
    ]);
    try {
      // The token still says "user", the record now says "guest": die reads are refused.
      expect((await t.http().get('/api/die/all').set(bearer(operator.access_token))).status).toBe(403);
    } finally {
      await t.sql(`update company_member_role set role_id = (select id from role where name = 'user' and company_id is null) where user_id = $1`, [
        operator.user.data.id,
      ]);
    }
  });
});

describe('POST /api/auth/token (sign in again with a stored token)', () => {
  it('returns the user and a fresh token for a valid token of that email', async () => {
    const first = await t.login('admin@norte.example');
    await new Promise((done) => setTimeout(done, 1100));
    const response = await t.http().post('/api/auth/token').send({ token: first.access_token, email: 'admin@norte.example', accessUrl: '/apps/dies/all' });
    expect(response.status).toBe(200);
    expect(response.body.user).toEqual(first.user);
    expect(response.body.access_token).not.toBe(first.access_token);
    expect((await t.http().get('/api/company/all').set(bearer(response.body.access_token))).status).toBe(200);
  });

  it('refuses another email, an expired token and a forged one', async () => {
    const { access_token, user } = await t.login('jefe@norte.example');
    const other = await t.http().post('/api/auth/token').send({ token: access_token, email: 'admin@norte.example' });
    expect(other.status).toBe(401);
    const expired = jwt.sign({ uuid: user.uuid, roles: user.role, company_id: user.data.company_id, exp: Math.floor(Date.now() / 1000) - 5 }, TEST_JWT_SECRET, {
      algorithm: 'HS256',
      issuer: 'planta-api',
      audience: 'planta-portal',
      subject: String(user.data.id),
    });
    const late = await t.http().post('/api/auth/token').send({ token: expired, email: 'jefe@norte.example' });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(messages.accessTokenExpired);
    const forged = await t
      .http()
      .post('/api/auth/token')
      .send({ token: access_token.slice(0, -2) + 'xx', email: 'jefe@norte.example' });
    expect(forged.status).toBe(401);
  });
});

describe('POST /api/auth/register', () => {
  const valid = {
    displayName: 'Ana Pérez',
    email: 'ana@aluandes.example',
    password: 'segura123',
    passwordConfirm: 'segura123',
    companyName: 'Aluminios Andinos',
  };

  it('creates a company with the person as its admin and signs them in', async () => {
    const response = await t.http().post('/api/auth/register').send(valid);
    expect(response.status).toBe(201);
    expect(response.body.user.role).toEqual(['admin']);
    expect(response.body.user.data).toMatchObject({ email: 'ana@aluandes.example', displayName: 'Ana Pérez' });
    const companies = await t.http().get('/api/company/all').set(bearer(response.body.access_token));
    expect(companies.body).toEqual([{ id: response.body.user.data.company_id, name: 'Aluminios Andinos', currency: 'EUR' }]);
    // The new company starts with its own default permissions and sees no other company's dies.
    const dies = await t.http().get('/api/die/all').set(bearer(response.body.access_token));
    expect(dies.status).toBe(200);
    expect(dies.body).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
    expect((await t.http().post('/api/auth/login').send({ email: valid.email, password: valid.password })).status).toBe(200);
  });

  it('reports an email already in use with its code, in any case', async () => {
    const response = await t
      .http()
      .post('/api/auth/register')
      .send({ ...valid, email: 'JEFE@norte.example', companyName: 'Otra' });
    expect(response.status).toBe(409);
    expect(response.body.fields).toEqual({ email: messages.emailInUse });
    expect(response.body.codes).toEqual({ email: 'email-already-in-use' });
  });

  it('reports invalid email and weak password as field errors with their codes', async () => {
    const response = await t
      .http()
      .post('/api/auth/register')
      .send({ ...valid, email: 'no-es-correo', password: 'corta', passwordConfirm: 'corta' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ email: 'Ingresa un correo válido', password: messages.weakPassword });
    expect(response.body.codes).toEqual({ email: 'invalid-email', password: 'weak-password' });
  });

  it('reports a short display name, a mismatched confirmation and a taken company name', async () => {
    const short = await t
      .http()
      .post('/api/auth/register')
      .send({ ...valid, email: 'x1@x.example', displayName: 'Ana', passwordConfirm: 'otra-cosa' });
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ displayName: 'El nombre debe tener al menos 4 caracteres', passwordConfirm: 'Las contraseñas no coinciden' });
    const taken = await t
      .http()
      .post('/api/auth/register')
      .send({ ...valid, email: 'x2@x.example', companyName: 'Perfiles del Sur' });
    expect(taken.status).toBe(409);
    expect(Object.keys(taken.body.fields)).toEqual(['companyName']);
  });
});

describe('POST /api/auth/user/update', () => {
  it("saves the caller's own profile, settings and shortcuts and ignores role, company and other users", async () => {
    const operator = await t.login('operario@norte.example', 'Planta2026!').catch(async () => {
      await t.sql(`delete from login_failure`);
      return t.login('operario@norte.example');
    });
    const admin = await t.login('admin@norte.example');
    const response = await t
      .http()
      .post('/api/auth/user/update')
      .set(bearer(operator.access_token))
      .send({
        user: {
          role: ['admin'],
          uuid: admin.user.uuid,
          data: {
            id: admin.user.data.id,
            company_id: 999,
            email: 'admin@norte.example',
            displayName: 'Luis C.',
            photoURL: 'data:image/png;base64,iVBORw0KGgo=',
            settings: { theme: { main: 'dark' }, layout: { style: 'layout2' } },
            shortcuts: ['dies', 'shifts', 'dies'],
          },
        },
      });
    expect(response.status).toBe(200);
    expect(response.body.user.role).toEqual(['user']);
    expect(response.body.user.data).toMatchObject({
      id: operator.user.data.id,
      company_id: operator.user.data.company_id,
      email: 'operario@norte.example',
      displayName: 'Luis C.',
      photoURL: 'data:image/png;base64,iVBORw0KGgo=',
      settings: { theme: { main: 'dark' }, layout: { style: 'layout2' } },
      shortcuts: ['dies', 'shifts'],
    });
    const adminAgain = await t.login('admin@norte.example');
    expect(adminAgain.user.data.displayName).toBe(admin.user.data.displayName);
    const operatorAgain = await t.login('operario@norte.example');
    expect(operatorAgain.user.role).toEqual(['user']);
    expect(operatorAgain.user.data.displayName).toBe('Luis C.');
  });

  it('refuses control characters in the display name and the shortcuts, and a photo from elsewhere (issue 36)', async () => {
    const { access_token, user } = await t.login('jefe@norte.example');
    const update = (data: Record<string, unknown>) => t.http().post('/api/auth/user/update').set(bearer(access_token)).send({ user: { data } });
    for (const [data, fields] of [
      [{ displayName: 'Luis\u0007 C.' }, { 'user.data.displayName': messages.singleLineText }],
      [{ displayName: 'Luis\nC.' }, { 'user.data.displayName': messages.singleLineText }],
      [{ shortcuts: ['dies', '\u001b[31mshifts'] }, { 'user.data.shortcuts.1': messages.singleLineText }],
      [{ photoURL: 'https://tracker.example/pixel.gif?u=luis' }, { 'user.data.photoURL': messages.imageUrl }],
      [{ photoURL: 'http://intranet:8080/luis.jpg' }, { 'user.data.photoURL': messages.imageUrl }],
      [{ photoURL: '//tracker.example/pixel.gif' }, { 'user.data.photoURL': messages.imageUrl }],
    ] as const) {
      const refused = await update(data);
      expect({ status: refused.status, fields: refused.body.fields }).toEqual({ status: 400, fields });
    }
    const [stored] = await t.sql<{ display_name: string; photo_url: string | null }>(`select display_name, photo_url from app_user where id = $1`, [
      user.data.id,
    ]);
    expect(stored).toEqual({ display_name: user.data.displayName, photo_url: user.data.photoURL });
    // Image data, or a file uploaded to this installation.
    for (const photoURL of ['data:image/png;base64,iVBORw0KGgo=', '/api/file/12', null]) {
      const saved = await update({ photoURL });
      expect({ status: saved.status, photoURL: saved.body.user?.data.photoURL }).toEqual({ status: 200, photoURL });
    }
  });

  it('refuses unknown settings and a signed-out caller', async () => {
    const { access_token } = await t.login('jefe@norte.example');
    const bad = await t
      .http()
      .post('/api/auth/user/update')
      .set(bearer(access_token))
      .send({ user: { data: { settings: { evil: true } } } });
    expect(bad.status).toBe(400);
    expect(
      (
        await t
          .http()
          .post('/api/auth/user/update')
          .send({ user: { data: { displayName: 'x' } } })
      ).status,
    ).toBe(401);
  });
});
