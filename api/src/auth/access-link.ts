import { createHash, randomBytes } from 'node:crypto';
import type { AccessLink } from '@planta/contracts';

/** The pages of the portal that a one-time link opens (mfe-auth); the token follows `#`, so it stays out of server logs. */
export const ACCESS_LINK_PAGES = { invitation: '/invitation', passwordReset: '/reset-password' } as const;

/** What is kept of a link's token: its SHA-256, so that a copy of the database opens no account. */
export const linkTokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new one-time link to `page`: the token (shown once) and the hash to keep. */
export function newAccessLink(page: string, expiresAt: Date): { link: AccessLink; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { link: { path: `${page}#${token}`, expires_at: expiresAt.toISOString() }, tokenHash: linkTokenHash(token) };
}
