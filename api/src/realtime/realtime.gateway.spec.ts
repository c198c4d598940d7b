import type { AccessTokenService } from '../auth/access-token.service';
import type { IdentityService } from '../auth/identity.service';
import type { RequestIdentity } from '../tenancy/request-context';
import type { PresenceService } from './presence.service';
import type { RealtimeAccess } from './realtime-access.service';
import type { PlantaSocket } from './realtime-socket';
import { RealtimeGateway } from './realtime.gateway';
import type { RealtimeService } from './realtime.service';

const identityIn = (companyId: number): RequestIdentity => ({ userId: 1, uuid: 'u-1', email: 'marta@norte.example', roles: ['admin'], companyId });

describe('renewAccess', () => {
  it('applies the last token sent, even when an earlier one is checked later', async () => {
    // Token 'norte' takes longer to check than token 'sur', sent after it.
    const checked: Record<string, { resolve: () => void; promise: Promise<void> }> = {};
    for (const token of ['norte', 'sur']) {
      let resolve!: () => void;
      checked[token] = { promise: new Promise<void>((done) => (resolve = done)), resolve };
    }
    const tokens = { verify: (token: string) => ({ token }) } as unknown as AccessTokenService;
    const identities = {
      resolve: async ({ token }: { token: string }) => {
        await checked[token].promise;
        return identityIn(token === 'norte' ? 2 : 3);
      },
    } as unknown as IdentityService;
    const applied: number[] = [];
    const access = {
      renew: async (socket: PlantaSocket, identity: RequestIdentity) => {
        socket.data.identity = identity;
        applied.push(identity.companyId);
      },
    } as unknown as RealtimeAccess;
    const gateway = new RealtimeGateway(tokens, identities, {} as PresenceService, {} as RealtimeService, access);
    const socket = { data: { identity: identityIn(1) }, disconnected: false } as unknown as PlantaSocket;

    const toNorte = gateway.renewAccess(socket, { token: 'norte' });
    const toSur = gateway.renewAccess(socket, { token: 'sur' });
    checked.sur.resolve();
    await expect(toSur).resolves.toEqual({ ok: true });
    checked.norte.resolve();
    await expect(toNorte).resolves.toEqual({ ok: true });

    expect(applied).toEqual([3]);
    expect(socket.data.identity.companyId).toBe(3);
  });
});
