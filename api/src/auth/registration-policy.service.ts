import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { messages, type RegistrationPolicy } from '@planta/contracts';
import { tooManyRequests } from '../common/retry-later';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');
const invitationRefused = (message: string) => new ForbiddenException({ message, fields: { invitation: message } });

/**
 * Who may register a new company (configuration `REGISTRATION`: open, closed or invitation) and
 * how often from one address: every registration creates a company, an administrator and its
 * grants, so an address gets a few per hour, counted in the database across API processes.
 */
@Injectable()
export class RegistrationPolicyService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  policy(): RegistrationPolicy {
    return { mode: this.config.registration.mode };
  }

  /** Refuses a registration the mode does not allow, or one over the address's hourly budget (429 with Retry-After); counts it otherwise. */
  async admit(address: string, invitation: string | undefined): Promise<void> {
    const { mode, maxPerAddressPerHour } = this.config.registration;
    if (mode === 'closed') throw new ForbiddenException(messages.registrationClosed);
    if (mode === 'invitation' && !invitation) throw invitationRefused(messages.registrationByInvitation);
    if (maxPerAddressPerHour === 0) return;
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`select pg_advisory_xact_lock(hashtextextended('registration:' || $1, 0))`, [address]);
      const [row] = await manager.query(
        `select count(*)::int as attempts, ceil(extract(epoch from min(at) + interval '1 hour' - now()))::int as wait
           from registration_attempt where address = $1 and at > now() - interval '1 hour'`,
        [address],
      );
      if (row.attempts >= maxPerAddressPerHour) throw tooManyRequests(messages.tooManyRegistrations(row.wait), row.wait);
      await manager.query(`insert into registration_attempt (address) values ($1)`, [address]);
      await manager.query(`delete from registration_attempt where at < now() - interval '2 hours'`);
    });
  }

  /** Uses up the invitation inside the registration's own transaction, so a failed registration keeps it. */
  async redeem(manager: EntityManager, invitation: string | undefined): Promise<void> {
    if (this.config.registration.mode !== 'invitation') return;
    const [used] = await manager.query(
      `with redeemed as (update registration_invitation set used_at = now()
                          where code_hash = $1 and used_at is null and expires_at > now() returning id)
       select count(*)::int as count from redeemed`,
      [hashOf(invitation ?? '')],
    );
    if (used.count === 0) throw invitationRefused(messages.invitationInvalid);
  }

  /** A one-time invitation code, valid for `days`; only its hash is kept. */
  async invite(days: number, note: string | undefined): Promise<{ code: string; expires_at: string }> {
    const code = randomBytes(24).toString('base64url');
    const [row] = await this.dataSource.query(
      `insert into registration_invitation (code_hash, note, expires_at) values ($1, $2, now() + make_interval(days => $3)) returning expires_at`,
      [hashOf(code), note ?? null, days],
    );
    return { code, expires_at: new Date(row.expires_at).toISOString() };
  }
}
