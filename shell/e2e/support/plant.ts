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
