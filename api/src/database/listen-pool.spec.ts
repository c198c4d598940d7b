import { EventEmitter } from 'node:events';
import type { DataSource } from 'typeorm';

/** A pool whose `connect` is answered when the test says, and whose `end` waits for every client given out (as pg's does). */
class FakePool extends EventEmitter {
  static last: FakePool;
  readonly pending: Array<(client: FakeClient) => void> = [];
  readonly out = new Set<FakeClient>();
  private ended?: () => void;
  constructor() {
    super();
    FakePool.last = this;
  }
  connect(): Promise<FakeClient> {
    return new Promise((resolve) => this.pending.push(resolve));
  }
  grant(): FakeClient {
    const client = new FakeClient(this);
    this.out.add(client);
    this.pending.shift()?.(client);
    return client;
  }
  returned(client: FakeClient): void {
    this.out.delete(client);
    if (this.out.size === 0) this.ended?.();
  }
  end(): Promise<void> {
    return this.out.size === 0 ? Promise.resolve() : new Promise((resolve) => (this.ended = resolve));
  }
}

class FakeClient extends EventEmitter {
  /** What each release was given (the pool under test wraps `release`, so it is recorded here). */
  readonly releases: unknown[] = [];
  release(destroy?: boolean): void {
    this.releases.push(destroy);
    this.pool.returned(this);
  }
  constructor(private readonly pool: FakePool) {
    super();
  }
}

jest.mock('pg', () => ({ Pool: FakePool }));

// Imported after the mock for the reader; jest hoists the mock above every import anyway.
import { ListenPool } from './listen-pool';

const dataSource = { options: { url: 'postgres://unused' } } as unknown as DataSource;

describe('ListenPool shutdown', () => {
  it('destroys held clients and ends', async () => {
    const realtime = new ListenPool(dataSource);
    const asked = realtime.listenClient();
    const client = FakePool.last.grant();
    await expect(asked).resolves.toBe(client);
    await realtime.onApplicationShutdown();
    expect(client.releases).toEqual([true]);
  });

  it('gives back a connection granted after shutdown began, so the end does not wait for it', async () => {
    const realtime = new ListenPool(dataSource);
    let answered = false;
    void realtime.listenClient().then(() => (answered = true));
    const shutdown = realtime.onApplicationShutdown();
    const late = FakePool.last.grant();
    await shutdown;
    expect(late.releases).toEqual([true]);
    expect(answered).toBe(false);
  });

  it('never answers a connection asked for after shutdown', async () => {
    const realtime = new ListenPool(dataSource);
    await realtime.onApplicationShutdown();
    let answered = false;
    void realtime.listenClient().then(() => (answered = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(FakePool.last.pending).toHaveLength(0);
    expect(answered).toBe(false);
  });
});
