import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { REGISTRATION_MODES, type RegistrationMode } from '@planta/contracts';
import type { SignInLimits } from '../auth/sign-in-delay';
import { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from '../uploads/reading/zip-archive';
import { remotesMap, type RemoteName } from '../web/web-apps';

import { workspaceRoot } from './workspace-root';

export { workspaceRoot };

export interface AppConfig {
  port: number;
  /** Unset: an embedded PostgreSQL under `dataDir` is started. */
  databaseUrl?: string;
  dataDir: string;
  embeddedPostgresPort: number;
  jwt: { secret: string; issuer: string; audience: string; expiresIn: string };
  corsOrigins: string[];
  bodyLimit: string;
  /**
   * The proxies whose X-Forwarded-For (the client's address) and X-Forwarded-Proto (HTTPS, hence
   * HSTS) are believed, as Fastify's `trustProxy`: none, any, the nearest n, or these addresses and ranges.
   */
  trustProxy: boolean | number | string[];
  /** Delays after failed sign-ins (sign-in-delay.ts). */
  signInLimits: SignInLimits;
  /** Who may register a new company: anyone (limited per address and hour), nobody, or holders of an invitation. */
  registration: { mode: RegistrationMode; maxPerAddressPerHour: number };
  /**
   * One-time links (issue 36): how long an invitation and a password reset stay valid, and how
   * many invitations a company may make per hour.
   */
  accessLinks: { invitationDays: number; resetHours: number; invitationsPerHour: number };
  /** Seed the demo companies, accounts and plant data on start (idempotent). */
  seedDemoData: boolean;
  /** The remotes map served at /remotes.json. */
  remotes: Record<RemoteName, string>;
  /**
   * Presence: each process beats every `heartbeatMs`; one silent for `presenceTtlMs` is taken for dead.
   * Every `accessCheckMs` each process checks all its sockets' users against the database.
   */
  realtime: { heartbeatMs: number; presenceTtlMs: number; accessCheckMs: number };
  /** The OpenAPI page and document: for signed-in users, or not served at all. */
  apiDocs: 'signed-in' | 'off';
  /** Check every answer against its contract (tests). */
  checkResponses: boolean;
  /**
   * Graceful shutdown: requests in flight get up to `drainTimeoutMs` to finish; every 503 (while
   * shutting down, or with the database out of reach) tells the client to retry after `retryAfterSeconds`.
   */
  shutdown: { drainTimeoutMs: number; retryAfterSeconds: number };
  /** The preventive scheduler's period (every minute; 0: only on demand, as the tests drive it). */
  maintenance: { schedulerIntervalMs: number };
  /**
   * The upload agent: how often a process looks for documents to read (0: only when one is
   * uploaded to it, as the tests drive it). Documents are read (and their pages drawn for the
   * review) in reader processes ended past `jobTimeoutMs` (a page: `pageTimeoutMs`) or
   * `readerMemoryMb`; an archive (XLSX) is refused before it is inflated when it declares more
   * than `archive` allows.
   */
  uploads: { pollIntervalMs: number; jobTimeoutMs: number; pageTimeoutMs: number; readerMemoryMb: number; archive: ArchiveLimits };
}

const registrationMode = (value: string | undefined): RegistrationMode => {
  if (value === undefined || value === '') return 'open';
  if ((REGISTRATION_MODES as readonly string[]).includes(value)) return value as RegistrationMode;
  throw new Error(`REGISTRATION must be one of ${REGISTRATION_MODES.join(', ')}.`);
};

const apiDocsSetting = (value: string | undefined): AppConfig['apiDocs'] => {
  if (value === undefined || value === '' || value === 'signed-in') return 'signed-in';
  if (value === 'off') return 'off';
  throw new Error('API_DOCS must be signed-in or off.');
};

/** TRUST_PROXY: unset or `false`, `true`, a number of hops, or addresses and ranges (`127.0.0.1,10.0.0.0/8`). */
const trustProxy = (value = ''): AppConfig['trustProxy'] => {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
};

const int = (value: string | undefined, fallback: number) => {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(parsed) ? parsed : fallback;
};

/** The JWT secret from configuration, or for the embedded default one generated once and kept under the data folder. */
function jwtSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long.');
    return env.JWT_SECRET;
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = resolve(env.PLANTA_DATA_DIR || join(workspaceRoot, '.data'));
  const port = int(env.PORT, 3000);
  const heartbeatMs = Math.max(100, int(env.REALTIME_HEARTBEAT_MS, 10_000));
  return {
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    embeddedPostgresPort: int(env.PLANTA_PG_PORT, 54320),
    jwt: {
      secret: jwtSecret(env, dataDir),
      issuer: env.JWT_ISSUER || 'planta-api',
      audience: env.JWT_AUDIENCE || 'planta-portal',
      // Spec 9: access tokens of the demo expire after 2 days.
      expiresIn: env.JWT_EXPIRES_IN || '2d',
    },
    corsOrigins: (env.CORS_ORIGINS ?? `http://localhost:${port},http://127.0.0.1:${port}`)
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    bodyLimit: env.BODY_LIMIT || '1mb',
    trustProxy: trustProxy(env.TRUST_PROXY),
    signInLimits: {
      windowMinutes: Math.max(1, int(env.SIGN_IN_WINDOW_MINUTES, 15)),
      freeFailuresPerAccountAddress: Math.max(1, int(env.SIGN_IN_FREE_FAILURES, 5)),
      addressesPerAccountBeforeDelay: Math.max(1, int(env.SIGN_IN_ADDRESSES_PER_ACCOUNT, 10)),
      accountsPerAddressBeforeDelay: Math.max(1, int(env.SIGN_IN_ACCOUNTS_PER_ADDRESS, 30)),
      baseDelaySeconds: Math.max(1, int(env.SIGN_IN_BASE_DELAY_SECONDS, 1)),
      maxDelaySeconds: Math.max(1, int(env.SIGN_IN_MAX_DELAY_SECONDS, 300)),
    },
    registration: {
      mode: registrationMode(env.REGISTRATION),
      maxPerAddressPerHour: Math.max(0, int(env.REGISTRATION_MAX_PER_ADDRESS_PER_HOUR, 10)),
    },
    accessLinks: {
      invitationDays: Math.max(1, int(env.INVITATION_DAYS, 7)),
      resetHours: Math.max(1, int(env.PASSWORD_RESET_HOURS, 24)),
      invitationsPerHour: Math.max(1, int(env.INVITATIONS_PER_HOUR, 50)),
    },
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    remotes: remotesMap(env),
    realtime: {
      heartbeatMs,
      presenceTtlMs: Math.max(2 * heartbeatMs, int(env.PRESENCE_TTL_MS, 3 * heartbeatMs)),
      accessCheckMs: Math.max(100, int(env.REALTIME_ACCESS_CHECK_MS, 5_000)),
    },
    apiDocs: apiDocsSetting(env.API_DOCS),
    checkResponses: env.PLANTA_CHECK_RESPONSES === 'true',
    shutdown: { drainTimeoutMs: Math.max(0, int(env.SHUTDOWN_DRAIN_MS, 10_000)), retryAfterSeconds: Math.max(1, int(env.RETRY_AFTER_SECONDS, 2)) },
    maintenance: { schedulerIntervalMs: Math.max(0, int(env.PM_SCHEDULER_MS, 60_000)) },
    uploads: {
      pollIntervalMs: Math.max(0, int(env.UPLOAD_POLL_MS, 3_000)),
      jobTimeoutMs: Math.max(1_000, int(env.UPLOAD_JOB_TIMEOUT_MS, 180_000)),
      pageTimeoutMs: Math.max(1_000, int(env.UPLOAD_PAGE_TIMEOUT_MS, 30_000)),
      readerMemoryMb: Math.max(64, int(env.UPLOAD_READER_MEMORY_MB, 768)),
      archive: {
        maxEntries: Math.max(1, int(env.UPLOAD_ARCHIVE_MAX_ENTRIES, DEFAULT_ARCHIVE_LIMITS.maxEntries)),
        maxUncompressedMb: Math.max(1, int(env.UPLOAD_ARCHIVE_MAX_MB, DEFAULT_ARCHIVE_LIMITS.maxUncompressedMb)),
        maxRatio: Math.max(1, int(env.UPLOAD_ARCHIVE_MAX_RATIO, DEFAULT_ARCHIVE_LIMITS.maxRatio)),
      },
    },
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
