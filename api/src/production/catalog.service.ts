import { HttpStatus, Injectable } from '@nestjs/common';
import { Not } from 'typeorm';
import { billetCrossSectionArea, extrusionLineResource, productionMessages, shiftResource, shiftsOverlap, type ExtrusionLine } from '@planta/contracts';
import { fieldError } from '../common/field-error';
import { DatabaseConstraints } from '../resources/database-constraints.service';
import type { ResourceRow } from '../resources/resource.entity';
import { ResourceService, type ResourceValues, type WriteContext } from '../resources/resource.service';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';
import { ExtrusionLineEntity, ShiftEntity } from './production.entities';

/** A line as the API shows it: the effective cross-section, and whether it is an override. */
export function toLine(line: ResourceRow<typeof extrusionLineResource>): ExtrusionLine {
  const { company_id: _company, ...fields } = line;
  const override = line.billet_cross_section_area_mm2;
  return {
    ...fields,
    billet_cross_section_area_mm2: override ?? billetCrossSectionArea(line.billet_diameter_mm),
    billet_cross_section_area_overridden: override !== null,
  };
}

@Injectable()
export class ExtrusionLineService extends ResourceService<typeof extrusionLineResource> {
  constructor(tenantDb: TenantDb, constraints: DatabaseConstraints) {
    super(extrusionLineResource, tenantDb, constraints);
  }

  /** No cross-section given: null, and it follows the billet diameter. */
  protected normalise(values: ResourceValues): ResourceValues {
    return { ...values, billet_cross_section_area_mm2: values.billet_cross_section_area_mm2 ?? null };
  }

  protected toView(row: ResourceRow<typeof extrusionLineResource>): ExtrusionLine {
    return toLine(row);
  }
}

@Injectable()
export class ShiftService extends ResourceService<typeof shiftResource> {
  constructor(tenantDb: TenantDb, constraints: DatabaseConstraints) {
    super(shiftResource, tenantDb, constraints);
  }

  /** No other shift of the same line shares a minute of the week. */
  protected async check(shift: ResourceValues, { scope, current }: WriteContext<typeof shiftResource>): Promise<void> {
    const lineId = shift.line_id as number | null;
    if (!lineId) return;
    // Serialise shift changes of one line, so that two overlapping shifts cannot be saved together.
    await scope.manager.query(`select id from extrusion_line where id = $1 for update`, [lineId]);
    const others = await scope.repository(ShiftEntity).find({ where: current ? { line_id: lineId, id: Not(current.id) } : { line_id: lineId } });
    const weekly = shift as { start_time: string; end_time: string; days: number[] };
    const clash = others.find((other) => shiftsOverlap(weekly, other));
    if (clash) throw fieldError('start_time', `${productionMessages.shiftOverlap} (${clash.name})`, HttpStatus.CONFLICT);
  }
}

/** A referenced line must be one of the company's (another company's answers like a missing one). */
export async function ownLine(scope: TenantScope, lineId: number | null | undefined): Promise<ExtrusionLineEntity | null> {
  if (!lineId) return null;
  const [line] = await scope.repository(ExtrusionLineEntity).find({ where: { id: lineId } });
  if (!line) throw fieldError('line_id', 'La línea elegida no existe');
  return line;
}
