import type { AppConfig } from '../config/app-config';
import { LIST_CHANGED_CHANNEL } from '../database/data-changes';
import type { ListenPool } from '../database/listen-pool';
import { KEPT_FROM_ROWS, ListCounts } from './list-counts.service';

const TTL_MS = 5_000;

/** ListCounts on a LISTEN the test drives: `announce` is a notification on the channel, `relisten` a lost connection listened again. */
function listCounts() {
  let heard: (payload: string | undefined) => void = () => undefined;
  let relistened: () => void = () => undefined;
  const listen = jest.fn((_channel: string, _label: string, onHeard: typeof heard, onRelistened?: () => void) => {
    heard = onHeard;
    relistened = onRelistened ?? relistened;
    return () => undefined;
  });
  const counts = new ListCounts({ listen } as unknown as ListenPool, { realtime: { accessCheckMs: TTL_MS } } as AppConfig);
  counts.onApplicationBootstrap();
  return { counts, listen, announce: (payload: string | undefined) => heard(payload), relisten: () => relistened() };
}

/** A count answering `total`, counting how often the database was asked. */
const counting = (total: number) => jest.fn(() => Promise.resolve(total));

describe('ListCounts', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps a total of KEPT_FROM_ROWS rows or more, and counts a smaller one every time', async () => {
    const { counts } = listCounts();
    const big = counting(KEPT_FROM_ROWS);
    const small = counting(KEPT_FROM_ROWS - 1);
    for (let round = 0; round < 3; round++) {
      expect(await counts.total('production_order', 1, 'search=a', big)).toBe(KEPT_FROM_ROWS);
      expect(await counts.total('production_order', 1, 'search=b', small)).toBe(KEPT_FROM_ROWS - 1);
    }
    expect(big).toHaveBeenCalledTimes(1);
    expect(small).toHaveBeenCalledTimes(3);
    expect(counts.held('production_order')).toBe(1);
  });

  it('keeps each company its own total: the same filter of another company is counted for it', async () => {
    const { counts } = listCounts();
    const north = counting(5_000);
    const south = counting(2_000);
    expect(await counts.total('production_order', 1, 'search=perfil', north)).toBe(5_000);
    expect(await counts.total('production_order', 2, 'search=perfil', south)).toBe(2_000);
    expect(await counts.total('production_order', 1, 'search=perfil', south)).toBe(5_000);
    expect(await counts.total('production_order', 2, 'search=perfil', north)).toBe(2_000);
    expect([north, south].map((count) => count.mock.calls.length)).toEqual([1, 1]);
  });

  it('shares one count between the requests that ask for it while it is read', async () => {
    const { counts } = listCounts();
    let answer: (total: number) => void = () => undefined;
    const count = jest.fn(() => new Promise<number>((resolve) => (answer = resolve)));
    const first = counts.total('die', 1, '', count);
    const second = counts.total('die', 1, '', count);
    answer(3_000);
    expect([await first, await second]).toEqual([3_000, 3_000]);
    expect(count).toHaveBeenCalledTimes(1);
  });

  it('forgets every company’s totals of a table when it is written (in this process or announced), and no other table’s', async () => {
    const { counts, listen, announce } = listCounts();
    expect(listen).toHaveBeenCalledWith(LIST_CHANGED_CHANNEL, expect.any(String), expect.any(Function), expect.any(Function));
    const keep = async () => {
      for (const companyId of [1, 2]) {
        await counts.total('production_order', companyId, '', counting(10_000));
        await counts.total('die', companyId, '', counting(1_500));
      }
    };
    await keep();
    expect([counts.held('production_order'), counts.held('die')]).toEqual([2, 2]);
    counts.forget('production_order');
    expect([counts.held('production_order'), counts.held('die')]).toEqual([0, 2]);

    await keep();
    announce('die');
    expect([counts.held('production_order'), counts.held('die')]).toEqual([2, 0]);
    // A notification naming nothing, or a table with nothing kept, changes nothing.
    announce(undefined);
    announce('machine');
    expect(counts.held()).toBe(2);
    const recount = counting(10_001);
    expect(await counts.total('production_order', 1, '', recount)).toBe(10_000);
    counts.forget('production_order');
    expect(await counts.total('production_order', 1, '', recount)).toBe(10_001);
  });

  it('drops a count still being read when its table is written: the next request counts again', async () => {
    const { counts, announce } = listCounts();
    let answer: (total: number) => void = () => undefined;
    const before = counts.total('die', 1, '', () => new Promise<number>((resolve) => (answer = resolve)));
    announce('die');
    const after = counting(4_001);
    answer(4_000);
    expect(await before).toBe(4_000);
    expect(await counts.total('die', 1, '', after)).toBe(4_001);
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('forgets everything when its LISTEN was lost (writes may have gone unheard), and any total after the TTL', async () => {
    jest.useFakeTimers({ now: 0 });
    const { counts, relisten } = listCounts();
    await counts.total('die', 1, '', counting(1_000));
    await counts.total('production_order', 2, '', counting(1_000));
    relisten();
    expect(counts.held()).toBe(0);

    const count = counting(1_000);
    await counts.total('die', 1, '', count);
    jest.setSystemTime(TTL_MS - 1);
    await counts.total('die', 1, '', count);
    expect(count).toHaveBeenCalledTimes(1);
    jest.setSystemTime(TTL_MS + 1);
    await counts.total('die', 1, '', count);
    expect(count).toHaveBeenCalledTimes(2);
  });
});
