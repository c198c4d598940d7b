import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { messages } from '@planta/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/**
 * Failed sign-ins are counted per account and per address over a sliding window, in the
 * database so that every API process counts alike. Past the limit that one account or that one
 * address gets 429 until the window passes; other users and addresses are not affected.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get window() {
    return `${this.config.loginThrottle.windowMinutes} minutes`;
  }

  async assertAllowed(email: string, address: string): Promise<void> {
    const [counts] = await this.dataSource.query(
      `select count(*) filter (where email = $1)::int as account, count(*) filter (where address = $2)::int as address
         from login_failure where at > now() - $3::interval and (email = $1 or address = $2)`,
      [email, address, this.window],
    );
    const { maxFailuresPerAccount, maxFailuresPerAddress } = this.config.loginThrottle;
    if (counts.account >= maxFailuresPerAccount || counts.address >= maxFailuresPerAddress) {
      throw new HttpException(
        { statusCode: HttpStatus.TOO_MANY_REQUESTS, message: messages.tooManyAttempts, error: 'Too Many Requests' },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }

  async recordFailure(email: string, address: string): Promise<void> {
    await this.dataSource.query(`insert into login_failure (email, address) values ($1, $2)`, [email, address]);
    await this.dataSource.query(`delete from login_failure where at < now() - 2 * $1::interval`, [this.window]);
  }

  /** A successful sign-in forgives that account's earlier failures. */
  async clear(email: string): Promise<void> {
    await this.dataSource.query(`delete from login_failure where email = $1`, [email]);
  }
}
