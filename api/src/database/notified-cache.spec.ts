import { NotifiedCache } from './notified-cache';

/** A read the test answers when it wants, counting how often the database was asked. */
function controlledRead<V>() {
  const pending: { resolve: (value: V) => void; reject: (error: Error) => void }[] = [];
  const read = jest.fn(() => new Promise<V>((resolve, reject) => pending.push({ resolve, reject })));
  return { read, answer: (value: V) => pending.shift()!.resolve(value), fail: (error: Error) => pending.shift()!.reject(error) };
}

describe('NotifiedCache', () => {
  let clock = 0;
  const cache = (keep?: (value: string | null) => boolean, maxEntries = 100) =>
    new NotifiedCache<string | null>({ ttlMs: 1_000, maxEntries, keep, now: () => clock });

  beforeEach(() => (clock = 0));

  it('reads once and answers from memory until the entry is forgotten', async () => {
    const held = cache();
    const { read, answer } = controlledRead<string | null>();
    const first = held.get('7:1', read);
    const second = held.get('7:1', read);
    answer('ana');
    expect(await first).toBe('ana');
    expect(await second).toBe('ana');
    expect(read).toHaveBeenCalledTimes(1);

    held.forget((key) => key.startsWith('7:'));
    const third = held.get('7:1', read);
    answer('ana (admin)');
    expect(await third).toBe('ana (admin)');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('drops an answer still being read when its change is announced: the next request reads again', async () => {
    const held = cache();
    const { read, answer } = controlledRead<string | null>();
    const before = held.get('7:1', read);
    held.forget(() => true);
    const after = held.get('7:1', read);
    answer('old');
    answer('new');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    // the old read finishing later does not remove the new entry
    expect(await held.get('7:1', read)).toBe('new');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed read and, with `keep`, no unwanted answer (a non-member is asked again)', async () => {
    const held = cache((value) => value !== null);
    const { read, answer, fail } = controlledRead<string | null>();
    const failed = held.get('1:1', read);
    fail(new Error('database out of reach'));
    await expect(failed).rejects.toThrow('database out of reach');
    const missing = held.get('1:1', read);
    answer(null);
    expect(await missing).toBeNull();
    await Promise.resolve();
    expect(held.size).toBe(0);
    const found = held.get('1:1', read);
    answer('luis');
    expect(await found).toBe('luis');
    expect(held.size).toBe(1);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('reads again after the time limit, and holds no more than its maximum (the oldest go first)', async () => {
    const held = cache(undefined, 2);
    const read = jest.fn(async () => 'x');
    await held.get('a', read);
    clock = 1_001;
    await held.get('a', read);
    expect(read).toHaveBeenCalledTimes(2);
    await held.get('b', read);
    await held.get('c', read);
    expect(held.size).toBe(2);
    await held.get('a', read);
    expect(read).toHaveBeenCalledTimes(5);
    held.clear();
    expect(held.size).toBe(0);
  });
});
