import { z } from 'zod';
import { idSchema, nameText } from './common.schema';
import { endpoint, idParams } from './endpoint';
import { endpointRules, errorStatuses, withRules } from './endpoint-errors';
import { authEndpoints, userEndpoints } from './endpoints';
import { messages } from './messages';

const base = { tag: 'probe', summary: 'probe', response: z.object({}) } as const;

describe('the error statuses a contract derives (issue 36)', () => {
  it('gives a public read only the refusal of its input and the database out of reach', () => {
    expect(errorStatuses(endpoint({ ...base, method: 'GET', path: 'probe', access: 'public' }))).toEqual([400, 503]);
  });

  it('gives a signed-in write the refusals of the caller, the body limit and the idempotency key', () => {
    const write = endpoint({ ...base, method: 'POST', path: 'probe', access: 'signed-in', body: z.object({ name: nameText() }) });
    expect(errorStatuses(write)).toEqual([400, 401, 403, 409, 413, 422, 503]);
  });

  it('gives a path id 404, files 413 and 415, and adds what the contract declares', () => {
    const remove = endpoint({ ...base, method: 'DELETE', path: 'probe/:id', access: { page: 'machines' }, params: idParams, errors: [409], response: null });
    expect(errorStatuses(remove)).toEqual([400, 401, 403, 404, 409, 503]);
    const upload = endpoint({ ...base, method: 'POST', path: 'probe', access: { page: 'machines' }, upload: { field: 'file' } });
    expect(errorStatuses(upload)).toEqual(expect.arrayContaining([413, 415]));
    expect(errorStatuses(authEndpoints.login)).toEqual(expect.arrayContaining([401, 429]));
  });

  it('gives a body that names records 404', () => {
    const move = endpoint({ ...base, method: 'POST', path: 'probe', access: 'signed-in', body: z.object({ order_id: idSchema }) });
    expect(errorStatuses(move)).toContain(404);
  });
});

describe('the rules a contract documents beyond its schemas', () => {
  it('lists refinements with their messages where they refuse, and references, but not what every request refuses', () => {
    const body = z
      .object({ password: nameText(), confirm: nameText(), items: z.array(z.object({ die_id: idSchema })) })
      .refine((value) => value.password === value.confirm, { message: messages.passwordsDoNotMatch, path: ['confirm'] });
    const rules = endpointRules(endpoint({ ...base, method: 'POST', path: 'probe', access: 'signed-in', body }));
    expect(rules).toEqual([
      { in: 'body', field: 'confirm', message: messages.passwordsDoNotMatch },
      { in: 'body', field: 'items.*.die_id', reference: true },
    ]);
  });

  it('lists what a superRefine declares, and the contract’s own rules', () => {
    const query = withRules(
      z.object({ from: z.string().optional() }).superRefine(() => undefined),
      [{ field: 'from', message: 'largo' }],
    );
    expect(endpointRules(endpoint({ ...base, method: 'GET', path: 'probe', access: 'public', query }))).toEqual([
      { in: 'query', field: 'from', message: 'largo' },
    ]);
    expect(endpointRules(userEndpoints.changePassword)).toEqual(
      expect.arrayContaining([{ field: 'current_password', message: messages.currentPasswordWrong }]),
    );
  });

  it('leaves out path ids, which name what the route acts on (404), not a refusal of input', () => {
    expect(endpointRules(endpoint({ ...base, method: 'GET', path: 'probe/:id', access: 'public', params: idParams }))).toEqual([]);
  });
});
