import { NOT_NITRIDING_DUE_STATES, nitridingDue, sqlValues, type DieCopy, type DieState } from '@planta/contracts';

/**
 * The die copy as every die-shop screen reads it, with the thresholds that apply (the die's own,
 * else its family's) and the share of the nitriding threshold used: whichever of billets and kg
 * comes first (domain.md B). `NITRIDING_SHARE` is the one SQL form of that rule (filters, sorts);
 * `nitridingDue` in the contracts is the same rule for one row.
 */
export const DIE_COPY_FROM = `
    from die d
    join dieshop_setting s on s.company_id = d.company_id
    left join die_family f on f.company_id = d.company_id and f.die_type = d.die_type
    left join profile p on p.id = d.profile_id
    left join extrusion_line l on l.id = d.last_line_id`;

export const EFFECTIVE_BILLETS = 'coalesce(d.nitriding_every_billets, f.nitriding_every_billets)';
export const EFFECTIVE_KG = 'coalesce(d.nitriding_every_kg, f.nitriding_every_kg)';
export const NITRIDING_SHARE = `greatest(d.billets_since_nitriding / nullif(${EFFECTIVE_BILLETS}, 0)::numeric, d.kg_since_nitriding / nullif(${EFFECTIVE_KG}, 0))`;

/** The SQL condition of the inventory's "nitrurado próximo" (`soon`, which includes the overdue) and "vencido" filters. */
export const nitridingFilterSql = (filter: 'soon' | 'overdue') =>
  `d.state not in (${sqlValues(NOT_NITRIDING_DUE_STATES)}) and ` +
  (filter === 'overdue' ? `${NITRIDING_SHARE} >= 1` : `${NITRIDING_SHARE} * 100 >= s.nitriding_warn_percent`);

export const DIE_COPY_COLUMNS = `
  select d.id, d.die_reference, d.copy_number, d.description, d.state, d.state_since, d.profile_id, p.code as profile_code,
         d.die_type, d.cavities, d.diameter_mm::float8, d.thickness_mm::float8, d.steel, d.supplier, d.supplier_ref,
         to_char(d.received_at, 'YYYY-MM-DD') as received_at, d.cost::float8, d.actual_kg_m::float8, d.location,
         d.nitriding_every_billets, d.nitriding_every_kg::float8, d.expected_life_kg::float8,
         ${EFFECTIVE_BILLETS} as effective_billets, ${EFFECTIVE_KG}::float8 as effective_kg,
         coalesce(d.expected_life_kg, f.expected_life_kg)::float8 as effective_life_kg, s.nitriding_warn_percent,
         d.billets_total, d.kg_total::float8, d.hours_total::float8, d.runs_total, d.billets_since_nitriding,
         d.kg_since_nitriding::float8, d.nitriding_count, d.corrections_count, d.last_run_at, d.last_line_id,
         l.name as last_line_name, d.scrapped_at, d.scrapped_reason, d.created_at`;

export interface DieCopyRow extends Omit<DieCopy, 'thresholds' | 'nitriding' | 'state_since' | 'last_run_at' | 'scrapped_at' | 'created_at'> {
  state_since: Date;
  last_run_at: Date | null;
  scrapped_at: Date | null;
  created_at: Date;
  effective_billets: number | null;
  effective_kg: number | null;
  effective_life_kg: number | null;
  nitriding_warn_percent: number;
}

/** A row of `DIE_COPY_COLUMNS` as the API answers it. */
export function toDieCopy(row: DieCopyRow): DieCopy {
  const { effective_billets, effective_kg, effective_life_kg, nitriding_warn_percent, ...die } = row;
  const thresholds = { nitriding_every_billets: effective_billets, nitriding_every_kg: effective_kg, expected_life_kg: effective_life_kg };
  return {
    ...die,
    state_since: die.state_since.toISOString(),
    last_run_at: die.last_run_at?.toISOString() ?? null,
    scrapped_at: die.scrapped_at?.toISOString() ?? null,
    created_at: die.created_at.toISOString(),
    thresholds,
    nitriding: (NOT_NITRIDING_DUE_STATES as readonly DieState[]).includes(die.state)
      ? { due: 'ok', percent: null, billets_percent: null, kg_percent: null }
      : nitridingDue(die, thresholds, nitriding_warn_percent),
  };
}
