import type { EntityManager } from 'typeorm';
import type { AccessTokenClaims } from '@planta/contracts';

/** What an access token says of its session: the account's version it was issued under, and the session it continues. */
export interface TokenSession {
  version: number;
  /** The sign-in it continues (renewed tokens and company switches keep it); absent on tokens older than issue 36. */
  id?: string;
}

/** The account's side: its current session version, and the one session that changed its own password since. */
export interface AccountSessions {
  sessionVersion: number;
  keptSession: string | null;
}

export const tokenSession = (claims: Pick<AccessTokenClaims, 'sv' | 'sid'>): TokenSession => ({ version: claims.sv ?? 0, id: claims.sid });

/**
 * A password change or reset moves the account's version on and so ends every session issued
 * before it; the session that changed its own password is kept (its tokens of the version before
 * stay valid), so that calls it has under way are not refused while its new token arrives.
 */
export function sessionHolds(token: TokenSession, account: AccountSessions): boolean {
  if (token.version === account.sessionVersion) return true;
  return token.id !== undefined && token.id === account.keptSession && token.version === account.sessionVersion - 1;
}

/**
 * Stores an account's new password hash (or none, while a reset waits for its link) and so ends
 * every session issued before, but `keptSession`: the one that changed its own password.
 */
export async function replacePassword(manager: Pick<EntityManager, 'query'>, userId: number, passwordHash: string, keptSession: string | null): Promise<void> {
  await manager.query(
    `update app_user set password_hash = $2, session_version = session_version + 1, kept_session = $3, updated_at = now()
      where id = $1`,
    [userId, passwordHash, keptSession],
  );
}
