import { Injectable, NotFoundException } from '@nestjs/common';
import { billetCrossSectionArea, messages, NOT_NITRIDING_DUE_STATES, sqlValues, type BestCopy, type NitridingForecast } from '@planta/contracts';
import { billetKg, productionFigures, runningHoursSql, type FinishedRun } from '../production/figures';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';
import { EFFECTIVE_BILLETS, EFFECTIVE_KG } from './die-copy.queries';
import { forecastNitriding, rankCopies, type ForecastOrder } from './die-forecast';

/**
 * The board's upcoming orders in board order (in press first, then each line's planned orders by
 * position), each with the kg still to make (ordered kg less the good kg of its ended runs) and one
 * billet's weight on its line, when the line and the alloy say it.
 */
const UPCOMING_ORDERS = `
  select o.id, o.number, o.die_id, o.status,
         greatest(o.quantity_kg - coalesce((select sum(r.good_kg) from order_die r where r.order_id = o.id and r.end_extrusion_time is not null), 0), 0)::float8 as kg,
         l.billet_cross_section_area_mm2::float8 as area_mm2, l.billet_diameter_mm::float8 as billet_diameter_mm, l.max_billet_length_mm::float8 as billet_length_mm,
         a.density_g_cm3::float8 as density
    from production_order o
    left join extrusion_line l on l.id = coalesce((select r.line_id from order_die r where r.order_id = o.id and r.end_extrusion_time is null limit 1), o.line_id)
    left join aluminum_alloy a on a.id = o.alloy_id
   where o.company_id = $1`;

interface OrderRow {
  id: number;
  number: string;
  die_id: number;
  status: string;
  kg: number;
  area_mm2: number | null;
  billet_diameter_mm: number | null;
  billet_length_mm: number | null;
  density: number | null;
}

/** One billet's kg on the order's line, or null when the line or alloy does not say it. */
function oneBilletKg(row: OrderRow): number | null {
  const area = row.area_mm2 ?? (row.billet_diameter_mm ? billetCrossSectionArea(row.billet_diameter_mm) : null);
  if (!area || !row.billet_length_mm || !row.density) return null;
  return billetKg(1, area, row.billet_length_mm, row.density) || null;
}

const toForecastOrder = (row: OrderRow): ForecastOrder => ({ id: row.id, number: row.number, die_id: row.die_id, kg: row.kg, billet_kg: oneBilletKg(row) });

const COPY_COLUMNS = `
  select d.id, d.die_reference, d.copy_number, d.state, d.billets_since_nitriding, d.kg_since_nitriding::float8, d.corrections_count, d.kg_total::float8,
         ${EFFECTIVE_BILLETS} as threshold_billets, ${EFFECTIVE_KG}::float8 as threshold_kg
    from die d left join die_family f on f.company_id = d.company_id and f.die_type = d.die_type`;

/** The plan's nitriding forecast and best copy (domain.md C1, C2). */
@Injectable()
export class DieForecastService {
  constructor(private readonly tenantDb: TenantDb) {}

  forecast(): Promise<NitridingForecast[]> {
    return this.tenantDb.transaction(async (scope) => {
      const orders: OrderRow[] = await scope.manager.query(
        `${UPCOMING_ORDERS} and o.status in ('in_press', 'planned') order by o.status = 'in_press' desc, o.board_position, o.id`,
        [scope.companyId],
      );
      if (orders.length === 0) return [];
      const dies = await scope.manager.query(
        `${COPY_COLUMNS} where d.company_id = $1 and d.id = any($2::int[]) and d.state not in (${sqlValues(NOT_NITRIDING_DUE_STATES)}) order by d.die_reference, d.copy_number`,
        [scope.companyId, [...new Set(orders.map((order) => order.die_id))]],
      );
      return forecastNitriding(
        dies.map((die: { id: number; die_reference: string; copy_number: number }) => ({ ...die, label: `${die.die_reference}-${die.copy_number}` })),
        orders.map(toForecastOrder),
      );
    });
  }

  bestCopy(orderId: number): Promise<BestCopy> {
    return this.tenantDb.transaction(async (scope) => {
      const [order]: (OrderRow & { die_reference: string })[] = await scope.manager.query(
        `${UPCOMING_ORDERS.replace('from production_order o', 'from production_order o join die od on od.id = o.die_id').replace('select o.id,', 'select od.die_reference, o.id,')} and o.id = $2`,
        [scope.companyId, orderId],
      );
      if (!order) throw new NotFoundException(messages.notFound);
      const copies = await scope.manager.query(
        `${COPY_COLUMNS} where d.company_id = $1 and d.die_reference = $2 and d.state <> 'scrapped' order by d.copy_number`,
        [scope.companyId, order.die_reference],
      );
      const runs = await runsOf(
        scope,
        copies.map((copy: { id: number }) => copy.id),
      );
      const ranked = rankCopies(
        copies.map((copy: { id: number }) => ({
          ...copy,
          current: copy.id === order.die_id,
          figures: productionFigures(runs.filter((run) => run.die_id === copy.id)),
        })),
        order.kg,
        oneBilletKg(order),
      );
      return { order_id: order.id, order_number: order.number, die_reference: order.die_reference, order_kg: order.kg, copies: ranked };
    });
  }
}

async function runsOf(scope: TenantScope, dieIds: number[]): Promise<(FinishedRun & { die_id: number })[]> {
  return scope.manager.query(
    `select die_id, start_extrusion_time as start, end_extrusion_time as "end", ${runningHoursSql('run')} as running_hours,
            billets_pushed, billet_kg::float8, good_kg::float8, scrap_kg::float8
       from order_die run where company_id = $1 and die_id = any($2::int[])`,
    [scope.companyId, dieIds],
  );
}
