import type { Server, Socket } from 'socket.io';
import { liveEvents, type AccessRevokedPayload } from '@planta/contracts';
import type { RequestIdentity } from '../tenancy/request-context';

/** What the server keeps on each socket: who it is for (from its access token) and when that token expires. */
export interface SocketData {
  identity: RequestIdentity;
  /** When the access token expires (ms since the epoch). */
  expiresAt?: number;
  expiry?: NodeJS.Timeout;
  /** How many renewAccess the socket has sent: only the latest is applied. */
  renewals?: number;
  /** The renewal being applied: the next one waits for it (presence moves in order). */
  applying?: Promise<void>;
}

/** The events the server sends to one socket directly; everything else goes to rooms (RealtimeService). */
interface DirectEvents {
  [liveEvents.accessRevoked]: (payload: AccessRevokedPayload) => void;
  [liveEvents.grantsChanged]: (payload: { company_id: number }) => void;
}

export type PlantaSocket = Socket<Record<string, never>, DirectEvents, Record<string, never>, SocketData>;
export type PlantaServer = Server<Record<string, never>, DirectEvents, Record<string, never>, SocketData>;
