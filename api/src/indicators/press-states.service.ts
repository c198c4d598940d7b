import { Injectable } from '@nestjs/common';
import type { PressStates } from '@planta/contracts';
import { openLineStops } from '../production/line-stops';
import { TenantDb } from '../tenancy/tenant-db.service';

/** The shop-floor display's band: each press and its open stop, the stopped ones first (the longest stopped first), then by name. */
@Injectable()
export class PressStatesService {
  constructor(private readonly tenantDb: TenantDb) {}

  states(): Promise<PressStates> {
    return this.tenantDb.transaction(async (scope) => {
      const lines: { id: number; name: string }[] = await scope.manager.query(`select id, name from extrusion_line where company_id = $1 order by name, id`, [
        scope.companyId,
      ]);
      const stops = await openLineStops(scope);
      const presses = lines.map((line) => ({ line_id: line.id, line_name: line.name, stopped: stops.get(line.id) ?? null }));
      const since = (press: (typeof presses)[number]) => (press.stopped ? new Date(press.stopped.started_at).getTime() : Infinity);
      // Array.sort is stable: the running presses keep their order by name.
      presses.sort((a, b) => since(a) - since(b));
      return { now: new Date().toISOString(), presses };
    });
  }
}
