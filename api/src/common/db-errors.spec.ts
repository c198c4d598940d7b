import { HttpStatus, UnauthorizedException } from '@nestjs/common';
import { DatabaseError } from 'pg';
import { ConnectionIsNotSetError, QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { messages } from '@planta/contracts';
import { DatabaseUnavailableException, isDatabaseUnavailable, unavailableBeforeWork, valueRefusal } from './db-errors';

/** An error as pg reports one from the server, with its SQLSTATE. */
const fromServer = (code: string, message = 'refused') => Object.assign(new DatabaseError(message, 0, 'error'), { code });
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
const wrapped = (driverError: Error) => new QueryFailedError('select 1', [], driverError);

describe('isDatabaseUnavailable', () => {
  it.each<[string, unknown]>([
    ['the server shutting down (57P01 admin_shutdown)', fromServer('57P01', 'terminating connection due to administrator command')],
    ['the server ended by a crash (57P02)', fromServer('57P02')],
    ['the server starting or stopping (57P03 cannot_connect_now)', fromServer('57P03', 'the database system is shutting down')],
    ['too many connections (53300)', fromServer('53300')],
    ['a connection exception (08006)', fromServer('08006')],
    ['a connection that could not be made (08001)', fromServer('08001')],
    ['the same, wrapped by TypeORM', wrapped(fromServer('57P01'))],
    ['a refused connection', socketError('ECONNREFUSED')],
    ['a reset connection', socketError('ECONNRESET')],
    ['a connection that timed out', socketError('ETIMEDOUT')],
    ['several addresses refused (Node tries IPv4 and IPv6)', new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')])],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['the pool timing out', new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') })],
    ['the pool waiting too long for a client', new Error('timeout exceeded when trying to connect')],
    ['the pool closed', new Error('Cannot use a pool after calling end on the pool')],
    ['a client broken by a lost connection', new Error('Client has encountered a connection error and is not queryable')],
    ['TypeORM with no pool', new ConnectionIsNotSetError('postgres')],
    ['a transaction whose connection was lost under it', new QueryRunnerProviderAlreadyReleasedError()],
    ['the query runner released after a lost connection', new QueryRunnerAlreadyReleasedError()],
    ['a cause further down', new Error('while reading the grants', { cause: wrapped(fromServer('57P03')) })],
  ])('is true for %s', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['a unique violation', wrapped(fromServer('23505', 'duplicate key'))],
    ['a foreign key violation', wrapped(fromServer('23503'))],
    ['a syntax error', wrapped(fromServer('42601'))],
    ['a row-level security refusal', wrapped(fromServer('42501'))],
    ['a value out of range', wrapped(fromServer('22003'))],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['an HTTP refusal', new UnauthorizedException()],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('is false for %s', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('does not loop on an error that is its own cause', () => {
    const error = new Error('odd') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('unavailableBeforeWork', () => {
  it('turns an outage into a 503 the client may repeat, and leaves any other error as it is', () => {
    const outage = unavailableBeforeWork(socketError('ECONNREFUSED'));
    expect(outage).toBeInstanceOf(DatabaseUnavailableException);
    expect((outage as DatabaseUnavailableException).getStatus()).toBe(HttpStatus.SERVICE_UNAVAILABLE);
    expect((outage as DatabaseUnavailableException).notProcessed).toBe(true);
    const bug = new TypeError('bug');
    expect(unavailableBeforeWork(bug)).toBe(bug);
  });
});

describe('valueRefusal (issue 36)', () => {
  const refusalOf = (error: unknown, request: { body?: unknown; query?: unknown; params?: unknown }) => {
    const refusal = valueRefusal(error, request);
    return refusal && { status: refusal.getStatus(), response: refusal.getResponse() };
  };

  it.each([
    [
      '22008',
      'date/time field value out of range: "2026-01-01T00:00:00+20:00"',
      { query: { from: '2026-01-01T00:00:00+20:00' } },
      'from',
      messages.dateNotStorable,
    ],
    [
      '22009',
      'time zone displacement out of range: "2026-01-01T00:00:00+20:00"',
      { body: { due_at: '2026-01-01T00:00:00+20:00' } },
      'due_at',
      messages.dateNotStorable,
    ],
    [
      '22007',
      'invalid input syntax for type timestamp with time zone: "mañana"',
      { body: { items: [{ at: 'mañana' }] } },
      'items.0.at',
      messages.dateNotStorable,
    ],
    ['22003', 'value "99999999999" is out of range for type integer', { body: { kg: 99_999_999_999 } }, 'kg', messages.numberNotStorable],
  ])('answers %s (%s) with 400 on the field that sent the value', (code, text, request, field, message) => {
    expect(refusalOf(wrapped(fromServer(code, text)), request)).toEqual({ status: 400, response: { message, fields: { [field]: message } } });
  });

  it('answers 400 on the request when no field holds the value, and leaves other errors alone', () => {
    expect(refusalOf(wrapped(fromServer('22003', 'numeric field overflow')), { body: { kg: 1 } })?.status).toBe(400);
    expect(refusalOf(wrapped(fromServer('22001', 'value too long for type character varying(10)')), {})?.status).toBe(400);
    expect(refusalOf(wrapped(fromServer('23505', 'duplicate key value "x"')), { body: { name: 'x' } })).toBeUndefined();
    expect(refusalOf(new TypeError('bug "x"'), { body: { name: 'x' } })).toBeUndefined();
  });
});
