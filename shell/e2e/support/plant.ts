import { apiAs } from './api-client';

/** The body of a successful API answer (200 or 201); anything else fails the test with what the API said. */
export async function ok<T>(answer: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await answer;
  if (status !== 200 && status !== 201) throw new Error(`answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * A press line of its own for a test that runs extrusions: runs on the seeded presses would
 * meet the demo's running orders.
 */
export function createTestLine(who: string, name: string): Promise<{ id: number }> {
  return ok(
    apiAs<{ id: number }>(who, 'POST', 'extrusion-line', {
      name,
      press_tonnage_t: 1600,
      max_operating_pressure_bar: 240,
      container_inner_diameter_mm: 178,
      billet_diameter_mm: 172,
      cooling_table_length_m: 42,
      net_productivity_goal_kg_h: 1200,
      tooling_diameter_mm: 330,
      tooling_length_mm: 230,
      container_temperature_control: 'single',
      discard_length_mm: 18,
      max_billet_length_mm: 1000,
      blunt_length_mm: 80,
      table_length_m: 45,
      usable_table_length_m: 42,
    }),
  );
}

/**
 * A run on a press of its own (the demo's runs would meet it): a die in stock made by `tech`, an
 * order of `lead` for it, the extrusion started by `who`. `withDie` gives the die what a test needs
 * (a profile with its dimensions) before the order names it.
 */
export async function startTestRun(
  who: string,
  tag: string,
  { lead, tech, withDie }: { lead: string; tech: string; withDie?: (dieId: number) => Promise<void> },
): Promise<{ id: number; lineId: number; dieId: number }> {
  const line = await createTestLine(lead, `Prensa e2e ${tag}`);
  const alloys = await ok(apiAs<{ items: { id: number }[] }>(lead, 'GET', 'aluminum-alloy/all?pageSize=1'));
  const die = await ok(apiAs<{ id: number }>(tech, 'POST', 'die', { die_reference: `E2E-${tag}`, copy_number: 1, die_type: 'solid', location: 'E-09' }));
  await ok(apiAs(tech, 'PATCH', `die/${die.id}/state`, { to: 'in_stock' }));
  await withDie?.(die.id);
  const order = await ok(
    apiAs<{ id: number }>(lead, 'POST', 'orders', {
      number: `OP-E2E-${tag}-1`,
      customer: 'Cliente e2e',
      profile: `PR-E2E-${tag}`,
      die_id: die.id,
      alloy_id: alloys.items[0].id,
      length_mm: 6000,
      quantity_pieces: 100,
      quantity_kg: 900,
      due_date: '2026-12-31',
    }),
  );
  const run = await ok(apiAs<{ id: number }>(who, 'POST', 'extrusion/start', { order_id: order.id, die_id: die.id, line_id: line.id }));
  return { id: run.id, lineId: line.id, dieId: die.id };
}
