import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { messages } from '@planta/contracts';
import { tooManyRequests } from '../common/retry-later';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { signInWait, type FailureCounts } from './sign-in-delay';

/** Addresses an account signed in from are remembered this long. */
const KNOWN_ADDRESS_DAYS = 180;

/**
 * Sign-in attempts, counted in the database so that every API process slows down alike. Each
 * attempt is written before its password is checked, under a lock per account, and counts
 * against its account and address at once: a burst of parallel guesses is counted one by one
 * instead of all passing the check together. Only settled failures count towards the
 * address-wide and account-wide limits, so colleagues signing in together are not taken for
 * an attack.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get window() {
    return `${this.config.signInLimits.windowMinutes} minutes`;
  }

  /**
   * Lets the attempt go ahead, returning its id, or refuses it with 429 and Retry-After when it
   * must still wait (sign-in-delay.ts).
   */
  async begin(email: string, address: string): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`select pg_advisory_xact_lock(hashtextextended('sign-in:' || $1, 0))`, [email]);
      const [row] = await manager.query(
        `select count(*) filter (where email = $1 and address = $2)::int as pair_failures,
                max(at) filter (where email = $1 and address = $2) as pair_last,
                count(distinct address) filter (where email = $1 and not pending)::int as account_addresses,
                max(at) filter (where email = $1 and not pending) as account_last,
                count(distinct email) filter (where address = $2 and not pending)::int as address_accounts,
                max(at) filter (where address = $2 and not pending) as address_last,
                exists (select 1 from sign_in_address k where k.email = $1 and k.address = $2
                          and k.last_success_at > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})) as known,
                now() as now
           from login_failure where at > now() - $3::interval and (email = $1 or address = $2)`,
        [email, address, this.window],
      );
      const counts: FailureCounts = {
        pair: { failures: row.pair_failures, lastAt: row.pair_last },
        account: { addresses: row.account_addresses, lastAt: row.account_last },
        address: { accounts: row.address_accounts, lastAt: row.address_last },
        knownAddress: row.known,
      };
      const wait = signInWait(counts, this.config.signInLimits, row.now);
      if (wait > 0) throw tooManyRequests(messages.tooManyAttempts(wait), wait);
      const [attempt] = await manager.query(`insert into login_failure (email, address, pending) values ($1, $2, true) returning id`, [email, address]);
      return Number(attempt.id);
    });
  }

  /** A wrong password: the attempt is a failure; old failures are pruned. */
  async failed(attemptId: number): Promise<void> {
    await this.dataSource.query(`update login_failure set pending = false where id = $1`, [attemptId]);
    await this.dataSource.query(`delete from login_failure where at < now() - 2 * $1::interval`, [this.window]);
  }

  /**
   * The right password: this attempt and this account's failures from this address are forgiven
   * (not those from elsewhere, which may be somebody else's guesses), and the address is
   * remembered as one the account uses.
   */
  async succeeded(attemptId: number, email: string, address: string): Promise<void> {
    await this.dataSource.query(`delete from login_failure where id = $1 or (email = $2 and address = $3)`, [attemptId, email, address]);
    await this.dataSource.query(
      `insert into sign_in_address (email, address) values ($1, $2)
         on conflict (email, address) do update set last_success_at = now()`,
      [email, address],
    );
  }
}
