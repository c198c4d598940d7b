#!/usr/bin/env node
// Planta realtime benchmark (run by `npm run bench` after the front-end tables, or alone with
// `node bench/realtime.bench.mjs`; not part of `npm test`).
//
// One embedded PostgreSQL (started here with the API's own startEmbeddedDatabase) and the built
// API (api/dist/main.js) on it with the demo seed. SOCKETS socket.io clients of Extrusiones del
// Norte (websocket only; the tokens of the Norte members, several sockets per user; every socket
// is in the company room) connected to one API process, then split half and half over two API
// processes on the same database (the PostgreSQL adapter carries the broadcasts between them):
//   - chat message delivery: POST /api/chat/send-message (jefe → operario) until
//     `${to}-new-message` arrives on each of the recipient's sockets;
//   - company-wide event: a fresh socket of a user with no open socket → `userIsOnline` on every
//     socket (first-to-last arrival spread, and connect → last arrival);
//   - throughput: MESSAGES messages at a bounded CONCURRENCY, every arrival counted (lost = 0?);
//   - baselines in the same run: socket.io round trip (joinToRoom and its ack) of one socket and
//     GET /api/health.
// The clients run in this one Node process: their own event loop is part of what is measured.
// It builds nothing: run `npx nx run-many -t build` first.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { freePort, loadClient } from './ports.mjs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { io } from 'socket.io-client';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const SOCKETS = Number(process.env.BENCH_RT_SOCKETS ?? 500);
const CHAT_SAMPLES = Number(process.env.BENCH_RT_CHAT_SAMPLES ?? 40);
const PRESENCE_SAMPLES = Number(process.env.BENCH_RT_PRESENCE_SAMPLES ?? 20);
const PING_SAMPLES = Number(process.env.BENCH_RT_PING_SAMPLES ?? 200);
const MESSAGES = Number(process.env.BENCH_RT_MESSAGES ?? 500);
const CONCURRENCY = Number(process.env.BENCH_RT_CONCURRENCY ?? 16);
const HTTP_CLIENTS = Number(process.env.BENCH_RT_HTTP_CLIENTS ?? 16);
const HTTP_SECONDS = Number(process.env.BENCH_RT_HTTP_SECONDS ?? 5);
const WAIT_MS = 15_000;

const PASSWORD = 'Planta2026!';
const SENDER = 'jefe@norte.example';
const RECIPIENT = 'operario@norte.example';
/** Holds the pool's sockets (with SENDER and RECIPIENT). */
const POOL_USERS = ['admin@norte.example', SENDER, RECIPIENT];
/** Has no socket in the pool: its fresh socket is the presence change. */
const PRESENCE_USER = 'invitado@norte.example';
const JWT_SECRET = 'bench-realtime-secret-long-enough-0123456789abcdef';

// ---------------------------------------------------------------- processes

async function startApi(name, databaseUrl, dataDir) {
  const port = await freePort();
  // From api/dist as `./main.js` under its own name (see run.mjs).
  const child = spawn(process.execPath, ['./main.js'], {
    cwd: join(ROOT, 'api', 'dist'),
    argv0: `planta-bench-rt-${name}`,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), PLANTA_DATA_DIR: dataDir, JWT_SECRET, SEED_DEMO_DATA: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk) => (log = (log + chunk).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const api = { name, child, port, exited, baseUrl: `http://127.0.0.1:${port}`, output: () => log };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API ${name} exited with ${child.exitCode}:\n${log}`);
    try {
      if ((await fetch(`${api.baseUrl}/api/health`)).ok) return api;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopApi(api);
      throw new Error(`API ${name} not healthy after 120 s:\n${log}`);
    }
    await sleep(250);
  }
}

async function stopApi(api) {
  if (api.child.exitCode === null && api.child.signalCode === null) {
    api.child.kill('SIGTERM');
    const timer = setTimeout(() => api.child.kill('SIGKILL'), 30_000);
    await api.exited;
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------- helpers

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Nearest-rank percentile. */
function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const ms = (value) => (Number.isNaN(value) ? '—' : `${value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : Math.round(value)} ms`);

function table(headers, rows, align) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells) =>
    cells.map((cell, column) => (align[column] === 'r' ? String(cell).padStart(widths[column]) : String(cell).padEnd(widths[column]))).join('  ');
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].map((text) => text.trimEnd()).join('\n');
}

async function signIn(baseUrl, email) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`login ${email} answered ${response.status}: ${await response.text()}`);
  const body = await response.json();
  return { email, token: body.access_token, id: body.user.data.id, companyId: body.user.data.company_id ?? body.user.data.companyId };
}

function connect(baseUrl, token) {
  const socket = io(baseUrl, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket did not connect within 15 s')), WAIT_MS);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** `count` sockets, user i % users, process i < split ? first : second; 50 handshakes at a time. */
async function connectPool(apis, users, count) {
  const pool = [];
  for (let start = 0; start < count; start += 50) {
    const batch = [];
    for (let index = start; index < Math.min(count, start + 50); index += 1) {
      const user = users[index % users.length];
      const api = apis[Math.floor((index * apis.length) / count)];
      batch.push(connect(api.baseUrl, user.token).then((socket) => ({ socket, user, api })));
    }
    pool.push(...(await Promise.all(batch)));
  }
  return pool;
}

function closePool(pool) {
  for (const { socket } of pool) socket.disconnect();
}

/** Resolves when `done()` is true (checked on every `poke`), or after `timeoutMs`. */
function waiter() {
  let resolve;
  let check = () => false;
  const promise = new Promise((done) => (resolve = done));
  return {
    until(done, timeoutMs = WAIT_MS) {
      check = done;
      if (done()) resolve(true);
      const timer = setTimeout(() => resolve(false), timeoutMs);
      return promise.finally(() => clearTimeout(timer));
    },
    poke() {
      if (check()) resolve(true);
    },
  };
}

// ---------------------------------------------------------------- measurements

async function measureBaselines(api, user) {
  const socket = await connect(api.baseUrl, user.token);
  const payload = { email: user.email, room: user.companyId, userId: user.id, companyId: user.companyId };
  const ping = [];
  for (let run = 0; run < PING_SAMPLES + 10; run += 1) {
    const start = performance.now();
    const ack = await socket.timeout(5_000).emitWithAck('joinToRoom', payload);
    if (!ack?.ok) throw new Error(`joinToRoom refused: ${JSON.stringify(ack)}`);
    if (run >= 10) ping.push(performance.now() - start);
  }
  socket.disconnect();
  const health = [];
  for (let run = 0; run < PING_SAMPLES + 10; run += 1) {
    const start = performance.now();
    const response = await fetch(`${api.baseUrl}/api/health`);
    await response.arrayBuffer();
    if (run >= 10) health.push(performance.now() - start);
  }
  return { ping, health };
}

async function postMessage(api, from, to, text) {
  const response = await fetch(`${api.baseUrl}/api/chat/send-message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${from.token}` },
    body: JSON.stringify({ companyId: from.companyId, message: text, from_user: from.id, to_user: to.id }),
  });
  await response.arrayBuffer();
  return response.ok;
}

/** Sequential messages: latency from the POST to the arrival on each of the recipient's sockets. */
async function measureChat(api, pool, from, to, label) {
  const recipients = pool.filter(({ user }) => user.id === to.id).map(({ socket }) => socket);
  const event = `${to.id}-new-message`;
  let current = null;
  const listener = (payload) => {
    if (current && payload?.message?.message === current.text) {
      current.arrivals.push(performance.now() - current.start);
      current.wait.poke();
    }
  };
  for (const socket of recipients) socket.on(event, listener);
  const latencies = [];
  const lastArrivals = [];
  let lost = 0;
  try {
    for (let run = 0; run < CHAT_SAMPLES + 5; run += 1) {
      current = { text: `bench ${label} ${run} ${Math.random().toString(36).slice(2)}`, arrivals: [], start: 0, wait: waiter() };
      current.start = performance.now();
      if (!(await postMessage(api, from, to, current.text))) throw new Error('send-message refused');
      const arrivals = current.arrivals;
      await current.wait.until(() => arrivals.length >= recipients.length);
      if (run < 5) continue;
      lost += recipients.length - arrivals.length;
      latencies.push(...arrivals);
      lastArrivals.push(Math.max(...arrivals));
    }
  } finally {
    current = null;
    for (const socket of recipients) socket.off(event, listener);
  }
  return { latencies, lastArrivals, recipients: recipients.length, lost };
}

/** A fresh socket of a user with no open socket: userIsOnline on every pool socket. */
async function measurePresence(api, pool, user) {
  const spreads = [];
  const toLast = [];
  let lost = 0;
  for (let run = 0; run < PRESENCE_SAMPLES + 2; run += 1) {
    const online = [];
    const offline = [];
    const onlineWait = waiter();
    const offlineWait = waiter();
    const onOnline = (payload) => {
      if (Number(payload?.userId) === user.id) {
        online.push(performance.now());
        onlineWait.poke();
      }
    };
    const onOffline = (payload) => {
      if (Number(payload?.userId) === user.id) {
        offline.push(performance.now());
        offlineWait.poke();
      }
    };
    for (const { socket } of pool) {
      socket.on('userIsOnline', onOnline);
      socket.on('userIsOffline', onOffline);
    }
    try {
      const start = performance.now();
      const fresh = await connect(api.baseUrl, user.token);
      await onlineWait.until(() => online.length >= pool.length);
      if (run >= 2) {
        lost += pool.length - online.length;
        spreads.push(Math.max(...online) - Math.min(...online));
        toLast.push(Math.max(...online) - start);
      }
      fresh.disconnect();
      // the next run starts once everyone has seen the user go offline
      await offlineWait.until(() => offline.length >= pool.length);
    } finally {
      for (const { socket } of pool) {
        socket.off('userIsOnline', onOnline);
        socket.off('userIsOffline', onOffline);
      }
    }
  }
  return { spreads, toLast, lost };
}

/** MESSAGES messages, at most CONCURRENCY in flight; every arrival on the recipient's sockets counted. */
async function measureThroughput(api, pool, from, to, label) {
  const recipients = pool.filter(({ user }) => user.id === to.id).map(({ socket }) => socket);
  const event = `${to.id}-new-message`;
  const prefix = `tp ${label} ${Math.random().toString(36).slice(2)} `;
  const expected = MESSAGES * recipients.length;
  let received = 0;
  let last = 0;
  const wait = waiter();
  const listener = (payload) => {
    if (typeof payload?.message?.message === 'string' && payload.message.message.startsWith(prefix)) {
      received += 1;
      last = performance.now();
      wait.poke();
    }
  };
  for (const socket of recipients) socket.on(event, listener);
  let next = 0;
  let refused = 0;
  const start = performance.now();
  try {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < MESSAGES) {
          const index = next++;
          if (!(await postMessage(api, from, to, `${prefix}${index}`))) refused += 1;
        }
      }),
    );
    const accepted = performance.now();
    await wait.until(() => received >= expected);
    await sleep(300); // anything late or doubled
    return { seconds: (last - start) / 1000, acceptSeconds: (accepted - start) / 1000, received, expected, refused, recipients: recipients.length };
  } finally {
    for (const socket of recipients) socket.off(event, listener);
  }
}

/** getActiveTimerOrders from HTTP_CLIENTS clients for HTTP_SECONDS, client i on process i % processes: requests/s, p50, p99. */
async function measureHttp(apis, user) {
  const latencies = [];
  let failures = 0;
  const deadline = performance.now() + HTTP_SECONDS * 1000;
  const send = loadClient(HTTP_CLIENTS);
  const client = async (index) => {
    const url = `${apis[index % apis.length].baseUrl}/api/orders/getActiveTimerOrders?userId=${user.id}`;
    while (performance.now() < deadline) {
      const start = performance.now();
      const status = await send(url, { authorization: `Bearer ${user.token}` }).catch(() => 0);
      if (status > 0 && status < 400) latencies.push(performance.now() - start);
      else failures += 1;
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: HTTP_CLIENTS }, (_, index) => client(index)));
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / ((performance.now() - began) / 1000), latencies, failures };
}

async function scenario(label, apis, users, presenceUser) {
  const byEmail = Object.fromEntries(users.map((user) => [user.email, user]));
  const pool = await connectPool(apis, users, SOCKETS);
  try {
    await sleep(500); // presence announcements of the pool itself
    const baselines = await measureBaselines(apis[0], byEmail[SENDER]);
    const chat = await measureChat(apis[0], pool, byEmail[SENDER], byEmail[RECIPIENT], label);
    const presence = await measurePresence(apis[0], pool, presenceUser);
    const throughput = await measureThroughput(apis[0], pool, byEmail[SENDER], byEmail[RECIPIENT], label);
    const http = await measureHttp(apis, byEmail[SENDER]);
    return { label, baselines, chat, presence, throughput, http, sockets: pool.length };
  } finally {
    closePool(pool);
    await sleep(500);
  }
}

// ---------------------------------------------------------------- main

export async function runRealtimeBench() {
  if (!existsSync(join(ROOT, 'api', 'dist', 'main.js'))) throw new Error('bench: api/dist/main.js is missing; build first: npx nx run-many -t build');
  const { startEmbeddedDatabase } = require(join(ROOT, 'api', 'dist', 'database', 'embedded-database.js'));
  // The embedded database logs through Nest's logger: only its warnings and errors here.
  require('@nestjs/common').Logger.overrideLogger(['error', 'warn']);
  const dataDir = mkdtempSync('/var/tmp/planta-bench-rt-');
  chmodSync(dataDir, 0o755);
  const apis = [];
  let database;
  const stopAll = async () => {
    for (const api of apis.splice(0).reverse()) await stopApi(api);
    await database?.stop();
    database = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const onSignal = () => void stopAll().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    console.log(`\nRealtime bench: embedded PostgreSQL and the API (1, then 2 processes); ${SOCKETS} sockets of Extrusiones del Norte…`);
    database = await startEmbeddedDatabase(join(dataDir, 'db'), await freePort());
    apis.push(await startApi('a', database.url, join(dataDir, 'api-a')));
    const users = await Promise.all(POOL_USERS.map((email) => signIn(apis[0].baseUrl, email)));
    const presenceUser = await signIn(apis[0].baseUrl, PRESENCE_USER);
    if (new Set([...users, presenceUser].map((user) => user.companyId)).size !== 1) throw new Error('the bench users are not signed in to one company');

    const single = await scenario('1 process', [apis[0]], users, presenceUser);
    apis.push(await startApi('b', database.url, join(dataDir, 'api-b')));
    const half = Math.floor(SOCKETS / 2);
    const split = await scenario('2 processes', apis, users, presenceUser);

    const latencyRows = [];
    for (const result of [single, split]) {
      const setup = result.label === '1 process' ? `1 process, ${result.sockets} sockets` : `2 processes, ${half}/${result.sockets - half}`;
      const row = (measure, values, what) => [measure, setup, values.length, ms(percentile(values, 50)), ms(percentile(values, 99)), what];
      latencyRows.push(
        row('baseline: socket.io round trip', result.baselines.ping, 'one socket: joinToRoom emit → ack (process a)'),
        row('baseline: HTTP GET /api/health', result.baselines.health, 'one request, keep-alive (process a)'),
        row(
          'chat message, each recipient socket',
          result.chat.latencies,
          `POST send-message (a) → ${RECIPIENT.split('@')[0]}-new-message on each of ${result.chat.recipients} sockets`,
        ),
        row('chat message, last recipient socket', result.chat.lastArrivals, 'per message: POST → arrival on the last of those sockets'),
        row('presence: first → last arrival', result.presence.spreads, `fresh socket (a) → userIsOnline on all ${result.sockets} sockets: spread`),
        row('presence: connect → last arrival', result.presence.toLast, 'per change: connect() called → arrival on the last socket'),
      );
    }
    const throughputRows = [single, split].map((result) => {
      const { throughput: t } = result;
      const lost = t.expected - Math.min(t.received, t.expected);
      return [
        result.label === '1 process' ? `1 process, ${result.sockets} sockets` : `2 processes, ${half}/${result.sockets - half}`,
        MESSAGES,
        CONCURRENCY,
        `${(MESSAGES / t.acceptSeconds).toFixed(0)} msgs/s`,
        `${(MESSAGES / t.seconds).toFixed(0)} msgs/s`,
        `${t.received}/${t.expected}`,
        lost === 0 && t.refused === 0 && t.received === t.expected
          ? 'lost 0'
          : `LOST ${lost}${t.refused ? `, ${t.refused} refused` : ''}${t.received > t.expected ? `, ${t.received - t.expected} doubled` : ''}`,
      ];
    });

    console.log(
      `\nRealtime latency (p50/p99; ${CHAT_SAMPLES} chat messages, ${PRESENCE_SAMPLES} presence changes, ${PING_SAMPLES} baseline round trips per setup)\n`,
    );
    console.log(table(['measure', 'setup', 'samples', 'p50', 'p99', 'what is timed'], latencyRows, ['l', 'l', 'r', 'r', 'r', 'l']));
    console.log(
      `\nRealtime throughput (chat ${SENDER.split('@')[0]} → ${RECIPIENT.split('@')[0]}, POSTs to process a; deliveries = messages × recipient sockets)\n`,
    );
    console.log(table(['setup', 'messages', 'in flight', 'accepted', 'delivered', 'deliveries', 'loss'], throughputRows, ['l', 'r', 'r', 'r', 'r', 'r', 'l']));
    const httpRows = [single, split].map((result) => [
      result.label,
      `${result.http.rps.toFixed(0)} req/s`,
      ms(percentile(result.http.latencies, 50)),
      ms(percentile(result.http.latencies, 99)),
      `${(result.http.rps / single.http.rps).toFixed(2)}×`,
      result.http.failures === 0 ? 'failed 0' : `FAILED ${result.http.failures}`,
    ]);
    console.log(
      `\nHTTP request path (GET getActiveTimerOrders of ${SENDER.split('@')[0]}, ${HTTP_CLIENTS} clients for ${HTTP_SECONDS} s, each on one process in turn; the clients share this machine's cores)\n`,
    );
    console.log(table(['setup', 'throughput', 'p50', 'p99', 'against 1 process', 'failures'], httpRows, ['l', 'r', 'r', 'r', 'r', 'l']));
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stopAll();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runRealtimeBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
