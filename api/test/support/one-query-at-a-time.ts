import { Client } from 'pg';

/**
 * Every API spec fails when a query is sent on a pg client that is still running another: pg
 * queues it with a deprecation warning and refuses it from pg 9. The queries of one tenant scope
 * share its connection, so they are awaited one after the other (the die summary once used
 * Promise.all). The check is pg's own (its queue of queries not yet answered), on the pg module
 * the app of this spec file loads.
 */
const overlapping: string[] = [];
type QueuedClient = { _queryQueue?: unknown[]; pipeline?: boolean };
const query = Client.prototype.query as (...args: unknown[]) => unknown;

beforeAll(() => {
  Client.prototype.query = function (this: QueuedClient, ...args: unknown[]) {
    if (!Array.isArray(this._queryQueue)) throw new Error('one-query-at-a-time: pg no longer keeps _queryQueue; update this check');
    if (this._queryQueue.length > 0 && !this.pipeline) overlapping.push(new Error('a query sent while another runs on its client').stack ?? '');
    return query.apply(this, args);
  } as typeof Client.prototype.query;
});

afterAll(() => {
  Client.prototype.query = query as typeof Client.prototype.query;
  expect(overlapping).toEqual([]);
});
