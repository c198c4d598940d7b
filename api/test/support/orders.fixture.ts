import type { TestApp } from './test-app';

/** An `Authorization` header, as `bearer(token)` makes it. */
type Auth = Record<string, string>;

export interface TestOrderBody {
  number: string;
  profile: string;
  die_id: number;
  alloy_id: number;
  /** Any other field of the order form, or one of the defaults changed. */
  [field: string]: unknown;
}

/**
 * An order placed through the API (POST /api/orders) as `auth`'s user; the test fails unless it
 * is created. 500 pieces of 6 m, 1800 kg, for 'Cliente de pruebas', due 2026-03-15, unless `order` says otherwise.
 */
export async function placeTestOrder(t: TestApp, auth: Auth, order: TestOrderBody): Promise<{ id: number; number: string }> {
  const response = await t
    .http()
    .post('/api/orders')
    .set(auth)
    .send({ customer: 'Cliente de pruebas', length_mm: 6000, quantity_pieces: 500, quantity_kg: 1800, due_date: '2026-03-15', ...order });
  expect(response.status).toBe(201);
  return response.body as { id: number; number: string };
}
