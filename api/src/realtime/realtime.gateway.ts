import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { joinToRoomPayloadSchema, liveEvents, messages, type JoinToRoomAck } from '@planta/contracts';
import { AccessTokenService } from '../auth/access-token.service';
import { IdentityService } from '../auth/identity.service';
import type { RequestIdentity } from '../tenancy/request-context';
import { PresenceService } from './presence.service';
import { RealtimeService, rooms } from './realtime.service';

interface SocketData {
  identity: RequestIdentity;
  /** When the access token expires (ms since the epoch). */
  expiresAt?: number;
  expiry?: NodeJS.Timeout;
}
type PlantaSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;

/** The longest a timer can wait (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A refusal the client receives as connect_error, with the same texts as a 401 over HTTP. */
function refusal(message: string, statusCode = 401): Error {
  return Object.assign(new Error(message), { data: { statusCode, message } });
}

/** Bearer token of the handshake: `auth: { token }`, or an Authorization header where the client can set one. */
function handshakeToken(socket: Socket): string | undefined {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth.replace(/^Bearer\s+/i, '');
  const header = socket.handshake.headers.authorization;
  return header?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

/**
 * The socket gateway (path and origins: realtime-io.adapter.ts). A socket is admitted only with
 * a valid access token of an active member (the same checks as HTTP) and never for share-token
 * guests; its rooms come from the token alone, so nothing a client sends can widen them.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger('Realtime');

  constructor(
    private readonly tokens: AccessTokenService,
    private readonly identities: IdentityService,
    private readonly presence: PresenceService,
    private readonly realtime: RealtimeService,
  ) {}

  afterInit(server: Server): void {
    server.use(
      (socket, next) =>
        void this.authenticate(socket as PlantaSocket).then(
          () => next(),
          (error: Error) => next(error),
        ),
    );
    this.realtime.attach(server);
  }

  handleConnection(socket: PlantaSocket): void {
    const { identity, expiresAt } = socket.data;
    // Synchronously, so the rooms are in place before anything can be emitted to them.
    void socket.join([rooms.user(identity.userId), rooms.company(identity.companyId), rooms.member(identity.companyId, identity.userId)]);
    if (expiresAt) socket.data.expiry = setTimeout(() => socket.disconnect(true), Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS));
    this.presence.connect(socket.id, identity).catch((error: Error) => this.logger.warn(`Presence of socket ${socket.id}: ${error.message}`));
  }

  handleDisconnect(socket: PlantaSocket): void {
    clearTimeout(socket.data.expiry);
    this.presence.disconnect(socket.id).catch((error: Error) => this.logger.warn(`Presence of socket ${socket.id}: ${error.message}`));
  }

  /** Spec 4: the client confirms its room after login. Accepted only when it is the token's own. */
  @SubscribeMessage(liveEvents.joinToRoom)
  joinToRoom(@ConnectedSocket() socket: PlantaSocket, @MessageBody() body: unknown): JoinToRoomAck {
    const { identity } = socket.data;
    const request = joinToRoomPayloadSchema.safeParse(body);
    const own =
      request.success &&
      request.data.userId === identity.userId &&
      request.data.companyId === identity.companyId &&
      request.data.room === identity.companyId &&
      request.data.email.toLowerCase() === identity.email;
    if (!own) {
      this.logger.warn(`joinToRoom refused for user ${identity.userId} of company ${identity.companyId}: ${JSON.stringify(body)?.slice(0, 300)}`);
      return { ok: false, error: messages.joinToRoomRefused };
    }
    return { ok: true };
  }

  private async authenticate(socket: PlantaSocket): Promise<void> {
    const token = handshakeToken(socket);
    if (!token) throw refusal(messages.invalidAccessToken);
    let claims;
    try {
      claims = this.tokens.verify(token);
    } catch (error) {
      throw refusal((error as Error).name === 'TokenExpiredError' ? messages.accessTokenExpired : messages.invalidAccessToken);
    }
    if (claims.share) throw refusal(messages.realtimeGuestRefused, 403);
    const identity = await this.identities.resolve(claims);
    if (!identity) throw refusal(messages.invalidAccessToken);
    const exp = (claims as { exp?: number }).exp;
    socket.data = { identity, expiresAt: exp ? exp * 1000 : undefined };
  }
}
