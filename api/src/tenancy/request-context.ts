import { AsyncLocalStorage } from 'node:async_hooks';
import type { ShareResourceType } from '@planta/contracts';
import type { TokenSession } from '../auth/session-version';

/** Who is calling, from the verified access token. */
export interface RequestIdentity {
  userId: number;
  uuid: string;
  email: string;
  roles: string[];
  /** The active company: the only company whose data this request can reach. */
  companyId: number;
  /**
   * Set for guests signed in with a share token: the one resource they may read, and whether its
   * discussion and people's names are shown (as the link's creator chose).
   */
  share?: { tokenId: number; type: ShareResourceType; id: number; includeDiscussion: boolean; includeNames: boolean };
  /** The signed-in session the token belongs to (not for share-link guests). */
  session?: TokenSession;
}

const storage = new AsyncLocalStorage<RequestIdentity>();

export const requestContext = {
  run<T>(identity: RequestIdentity, work: () => T): T {
    return storage.run(identity, work);
  },
  /** The caller of the current request; throws where there is none, so scoped code cannot run unscoped. */
  current(): RequestIdentity {
    const identity = storage.getStore();
    if (!identity) throw new Error('No signed-in request in this context: company data can only be reached inside a request.');
    return identity;
  },
};
