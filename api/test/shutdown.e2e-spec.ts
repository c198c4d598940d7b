import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { NOT_PROCESSED_HEADER, type AuthResponse } from '@planta/contracts';
import { spawnApi, stopAllApis, stopApi, waitForHealth, type ApiProcess } from './support/api-process';
import { pause } from './support/sockets';
import { freePort } from './support/ports';
import { isAlive as alive, postmasterPid, postmasterPidFile } from './support/postmaster';

/**
 * A restart during work signs nobody out and loses no acknowledged write: the API runs as
 * `npm start` runs it (its own process, its own embedded PostgreSQL), several people read and
 * write without pause, SIGTERM arrives in the middle, and the API started again on the same data
 * folder has every write that was answered 2xx.
 */

jest.setTimeout(300_000);

let dataDir: string;
let pgPort: number;
beforeAll(async () => {
  // /var/tmp: the server runs as `postgres` when the tests run as root.
  dataDir = mkdtempSync('/var/tmp/planta-shutdown-');
  chmodSync(dataDir, 0o755);
  pgPort = await freePort();
});
afterAll(async () => {
  await stopAllApis();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = async (): Promise<ApiProcess> => {
  const api = spawnApi(await freePort(), { DATABASE_URL: '', PLANTA_DATA_DIR: dataDir, PLANTA_PG_PORT: String(pgPort), SEED_DEMO_DATA: 'true' });
  await waitForHealth(api, 180_000);
  return api;
};
const pidFile = () => postmasterPidFile(dataDir);
const postgresPid = () => postmasterPid(dataDir);

/** The acknowledged writes that are not stored as they were acknowledged. */
async function missingWrites(acks: Ack[]): Promise<Ack[]> {
  const ids = (table: Ack['table']) => acks.filter((ack) => ack.table === table).map((ack) => ack.id);
  const found = {
    finish: await stored(`select id, name as text from finish where id = any($1)`, [ids('finish')]),
    chat_message: await stored(`select id, message as text from chat_message where id = any($1)`, [ids('chat_message')]),
  };
  return acks.filter((ack) => !found[ack.table].some((row) => row.id === ack.id && row.text === ack.text));
}

/** SQL on the API's database as the cluster's superuser (past row-level security): what is really stored. */
async function stored(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
  const client = new Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', password, database: 'planta' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

async function login(api: ApiProcess, email: string): Promise<AuthResponse> {
  const response = await fetch(`http://127.0.0.1:${api.port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Planta2026!' }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as AuthResponse;
}

interface Outcome {
  what: string;
  write: boolean;
  /** 0: no answer (connection refused or cut). */
  status: number;
  retryAfter: string | null;
  notProcessed: boolean;
  sentBeforeSignal: boolean;
  answeredAfterSignal: boolean;
}

interface Ack {
  table: 'finish' | 'chat_message';
  id: number;
  text: string;
}

let rounds = 0;

interface Figures {
  requests: number;
  answered: number;
  noAnswer: number;
  byStatus: Record<string, number>;
  unauthorized: number;
  serverErrors: Record<string, number>;
  unavailableWithoutRetryAfter: number;
  writesAcknowledged: number;
  inFlightAtSignalAnswered2xx: number;
}

/**
 * People at work: two administrators create finishes, three colleagues chat, everyone reads
 * their grants, contacts and the finish list; `workers` requests at a time, none pausing, until
 * `until()` says stop. Returns every outcome and every acknowledged write.
 */
type People = Record<'marta' | 'jorge' | 'luis' | 'sofia' | 'pedro', AuthResponse>;

/** Five people of both companies, signed in. */
async function signIn(api: ApiProcess): Promise<People> {
  const [marta, jorge, luis, sofia, pedro] = await Promise.all(
    ['admin@norte.example', 'jefe@norte.example', 'operario@norte.example', 'admin@sur.example', 'operario@sur.example'].map((email) => login(api, email)),
  );
  return { marta, jorge, luis, sofia, pedro };
}

async function work(api: ApiProcess, { marta, jorge, luis, sofia, pedro }: People, until: () => boolean, signalAt: () => number | undefined, workers = 12) {
  const base = `http://127.0.0.1:${api.port}/api`;
  const chat = (from: AuthResponse, to: AuthResponse) => ({
    companyId: from.user.data.company_id,
    from_user: from.user.data.id,
    to_user: to.user.data.id,
  });
  // Names and texts unique across rounds (a finish name is unique per company).
  const round = ++rounds;
  let serial = 0;
  type Step = {
    what: string;
    session: AuthResponse;
    method: 'GET' | 'POST';
    path: string;
    body?: (n: number) => Record<string, unknown>;
    table?: Ack['table'];
  };
  const steps: Step[] = [
    { what: 'create finish', session: marta, method: 'POST', path: 'finish', body: (n) => ({ name: `Carga ${round}.${n}`, type: 'mill' }), table: 'finish' },
    { what: 'read grants', session: jorge, method: 'GET', path: 'grants' },
    {
      what: 'send chat',
      session: jorge,
      method: 'POST',
      path: 'chat/send-message',
      body: (n) => ({ ...chat(jorge, luis), message: `Mensaje ${round}.${n}` }),
      table: 'chat_message',
    },
    { what: 'read contacts', session: luis, method: 'GET', path: 'chat/contacts' },
    {
      what: 'create finish',
      session: sofia,
      method: 'POST',
      path: 'finish',
      body: (n) => ({ name: `Carga sur ${round}.${n}`, type: 'mill' }),
      table: 'finish',
    },
    { what: 'read finishes', session: sofia, method: 'GET', path: 'finish/all' },
    {
      what: 'send chat',
      session: pedro,
      method: 'POST',
      path: 'chat/send-message',
      body: (n) => ({ ...chat(pedro, sofia), message: `Mensaje sur ${round}.${n}` }),
      table: 'chat_message',
    },
    { what: 'read grants', session: pedro, method: 'GET', path: 'grants' },
    {
      what: 'send chat',
      session: luis,
      method: 'POST',
      path: 'chat/send-message',
      body: (n) => ({ ...chat(luis, jorge), message: `Respuesta ${round}.${n}` }),
      table: 'chat_message',
    },
  ];
  const outcomes: Outcome[] = [];
  const acks: Ack[] = [];
  const unexpected: string[] = [];

  const worker = async () => {
    while (!until()) {
      const n = serial++;
      const step = steps[n % steps.length];
      const body = step.body?.(n);
      const sentBeforeSignal = signalAt() === undefined;
      let outcome: Outcome;
      try {
        const response = await fetch(`${base}/${step.path}`, {
          method: step.method,
          headers: { authorization: `Bearer ${step.session.access_token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        const text = await response.text();
        outcome = {
          what: step.what,
          write: step.method !== 'GET',
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          notProcessed: response.headers.get(NOT_PROCESSED_HEADER) === 'true',
          sentBeforeSignal,
          answeredAfterSignal: signalAt() !== undefined,
        };
        if (response.status === 201 && step.table) {
          const answer = JSON.parse(text) as { id?: number; message?: { id: number } };
          acks.push({ table: step.table, id: step.table === 'finish' ? answer.id! : answer.message!.id, text: String(body!.name ?? body!.message) });
        } else if (response.status >= 300 && response.status !== 503) {
          unexpected.push(`${step.what}: ${response.status} ${text.slice(0, 200)}`);
        }
      } catch {
        // Refused or cut: no answer, so nothing was acknowledged. A short breath before the next try.
        outcome = {
          what: step.what,
          write: step.method !== 'GET',
          status: 0,
          retryAfter: null,
          notProcessed: false,
          sentBeforeSignal,
          answeredAfterSignal: true,
        };
        await pause(25);
      }
      outcomes.push(outcome);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return { outcomes, acks, unexpected };
}

function figures(outcomes: Outcome[], acks: Ack[]): Figures {
  const count = (list: Outcome[]) => list.reduce<Record<string, number>>((all, { status }) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {});
  return {
    requests: outcomes.length,
    answered: outcomes.filter((outcome) => outcome.status > 0).length,
    noAnswer: outcomes.filter((outcome) => outcome.status === 0).length,
    byStatus: count(outcomes),
    unauthorized: outcomes.filter((outcome) => outcome.status === 401).length,
    serverErrors: count(outcomes.filter((outcome) => outcome.status >= 500)),
    unavailableWithoutRetryAfter: outcomes.filter((outcome) => outcome.status === 503 && !outcome.retryAfter).length,
    writesAcknowledged: acks.length,
    inFlightAtSignalAnswered2xx: outcomes.filter(
      (outcome) => outcome.sentBeforeSignal && outcome.answeredAfterSignal && outcome.status < 300 && outcome.status > 0,
    ).length,
  };
}

/** Runs the work, sends `signals` after two seconds of it, and goes on until the process has exited. */
async function restartUnderLoad(api: ApiProcess, signals: NodeJS.Signals[]) {
  // Read by the workers from the start: undefined until the signal is sent.
  let signalledAt: number | undefined = undefined;
  let exitedAt: number | undefined;
  void api.exited.then(() => (exitedAt = Date.now()));
  const running = work(
    api,
    await signIn(api),
    // Past the exit, a little longer: requests meet a closed port, as they would while a deploy starts the next process.
    () => exitedAt !== undefined && Date.now() - exitedAt > 500,
    () => signalledAt,
  );
  const warmUp = Date.now();
  while (Date.now() - warmUp < 2_000) await pause(50);
  const pid = postgresPid();
  signalledAt = Date.now();
  for (const [i, signal] of signals.entries()) {
    if (i > 0) await pause(30);
    api.child.kill(signal);
  }
  const code = await api.exited;
  const result = await running;
  return { code, postgres: pid, ...result, shutdownMs: exitedAt! - signalledAt };
}

describe('a restart while people work', () => {
  it('signs nobody out, answers no 500, exits cleanly and keeps every acknowledged write', async () => {
    const first = await start();
    const run = await restartUnderLoad(first, ['SIGTERM']);
    const seen = figures(run.outcomes, run.acks);
    // The figures for the closing note of issue 10.
    console.log(
      `Restart under load (SIGTERM after 2 s of work, 12 requests at a time; exit ${run.code} ${run.shutdownMs} ms after the signal):\n${JSON.stringify(seen, null, 2)}`,
    );

    // The process left nothing behind: exit 0, PostgreSQL stopped, no lock file.
    expect({ code: run.code, output: run.code === 0 ? '' : first.output() }).toEqual({ code: 0, output: '' });
    expect(alive(run.postgres)).toBe(false);
    expect(existsSync(pidFile())).toBe(false);
    expect(first.output()).toMatch(/Stopping \(SIGTERM\)/);

    // Started again on the same folder: every write that was answered 2xx is there.
    const second = await start();
    const missing = await missingWrites(run.acks);
    console.log(`After the restart: ${run.acks.length - missing.length} of ${run.acks.length} acknowledged writes found`);

    expect(run.unexpected).toEqual([]);
    expect(seen.unauthorized).toBe(0);
    expect(Object.keys(seen.serverErrors).filter((status) => status !== '503')).toEqual([]);
    expect(seen.unavailableWithoutRetryAfter).toBe(0);
    expect(seen.writesAcknowledged).toBeGreaterThan(10);
    // Requests in flight when the signal came were answered, not cut.
    expect(seen.inFlightAtSignalAnswered2xx).toBeGreaterThan(0);
    expect(missing).toEqual([]);

    // The same people go on with their tokens on the new process.
    const again = await work(
      second,
      await signIn(second),
      (() => {
        const until = Date.now() + 1_000;
        return () => Date.now() > until;
      })(),
      () => undefined,
      4,
    );
    expect(again.unexpected).toEqual([]);
    expect(again.outcomes.every((outcome) => outcome.status >= 200 && outcome.status < 300)).toBe(true);

    // A second signal during the drain (an impatient operator) still ends cleanly.
    const twice = await restartUnderLoad(second, ['SIGTERM', 'SIGINT']);
    const seenTwice = figures(twice.outcomes, twice.acks);
    console.log(`SIGTERM then SIGINT 30 ms later, under load:\n${JSON.stringify(seenTwice, null, 2)}`);
    expect({ code: twice.code, output: twice.code === 0 ? '' : second.output() }).toEqual({ code: 0, output: '' });
    expect(alive(twice.postgres)).toBe(false);
    expect(existsSync(pidFile())).toBe(false);
    expect(seenTwice.unauthorized).toBe(0);
    expect(Object.keys(seenTwice.serverErrors).filter((status) => status !== '503')).toEqual([]);
    expect(twice.unexpected).toEqual([]);
    const third = await start();
    expect(await missingWrites(twice.acks)).toEqual([]);
    expect(await stopApi(third, 'SIGTERM')).toBe(0);
  });
});
