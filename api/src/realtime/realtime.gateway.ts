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
import type { Socket } from 'socket.io';
import { joinToRoomPayloadSchema, liveEvents, messages, renewAccessPayloadSchema, type JoinToRoomAck, type RenewAccessAck } from '@planta/contracts';
import { AccessTokenService } from '../auth/access-token.service';
import { IdentityService } from '../auth/identity.service';
import { isDatabaseUnavailable } from '../common/db-errors';
import { PresenceService } from './presence.service';
import { RealtimeAccess } from './realtime-access.service';
import type { PlantaServer, PlantaSocket, SocketData } from './realtime-socket';
import { RealtimeService } from './realtime.service';

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
 * guests; its rooms come from the token alone, so nothing a client sends can widen them. While it
 * is connected, RealtimeAccess keeps it to what its user may still hear.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger('Realtime');

  constructor(
    private readonly tokens: AccessTokenService,
    private readonly identities: IdentityService,
    private readonly presence: PresenceService,
    private readonly realtime: RealtimeService,
    private readonly access: RealtimeAccess,
  ) {}

  afterInit(server: PlantaServer): void {
    server.use(
      (socket, next) =>
        void this.identify(handshakeToken(socket)).then(
          (data) => {
            socket.data = data;
            next();
          },
          (error: Error) => next(error),
        ),
    );
    this.realtime.attach(server);
    this.access.attach(server);
  }

  handleConnection(socket: PlantaSocket): void {
    this.access.admit(socket);
    this.presence.connect(socket.id, socket.data.identity).catch((error: Error) => this.logger.warn(`Presence of socket ${socket.id}: ${error.message}`));
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

  /**
   * A new access token of the socket's own user (a company switch, a renewed session), checked
   * as a handshake is: the socket moves to its company and roles without reconnecting. Refused,
   * the socket stays as it was.
   */
  @SubscribeMessage(liveEvents.renewAccess)
  async renewAccess(@ConnectedSocket() socket: PlantaSocket, @MessageBody() body: unknown): Promise<RenewAccessAck> {
    const request = renewAccessPayloadSchema.safeParse(body);
    // Tokens checked at the same time may be answered out of order (a company switch right after a
    // renewed session): the last one sent wins, and each is applied after the one before.
    const renewal = (socket.data.renewals = (socket.data.renewals ?? 0) + 1);
    try {
      if (!request.success) throw refusal(messages.invalidAccessToken);
      const { identity, expiresAt } = await this.identify(request.data.token);
      if (identity.userId !== socket.data.identity.userId) throw refusal(messages.invalidAccessToken);
      if (socket.disconnected) return { ok: false, error: messages.invalidAccessToken };
      // A newer token arrived meanwhile: that one decides where the socket goes.
      if (renewal !== socket.data.renewals) return { ok: true };
      const applied = (socket.data.applying ?? Promise.resolve()).then(() =>
        renewal === socket.data.renewals ? this.access.renew(socket, identity, expiresAt) : undefined,
      );
      socket.data.applying = applied.catch(() => undefined);
      await applied;
      return { ok: true };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  }

  private async identify(token: string | undefined): Promise<SocketData> {
    if (!token) throw refusal(messages.invalidAccessToken);
    let claims;
    try {
      claims = this.tokens.verify(token);
    } catch (error) {
      throw refusal((error as Error).name === 'TokenExpiredError' ? messages.accessTokenExpired : messages.invalidAccessToken);
    }
    if (claims.share) throw refusal(messages.realtimeGuestRefused, 403);
    // The database out of reach is not a refused token: 503 tells the client to try again.
    const identity = await this.identities.resolve(claims).catch((error: unknown) => {
      throw isDatabaseUnavailable(error) ? refusal(messages.serviceUnavailable, 503) : error;
    });
    if (!identity) throw refusal(messages.invalidAccessToken);
    const exp = (claims as { exp?: number }).exp;
    return { identity, expiresAt: exp ? exp * 1000 : undefined };
  }
}
