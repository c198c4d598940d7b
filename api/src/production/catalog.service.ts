import { HttpStatus, Injectable } from '@nestjs/common';
import { Not } from 'typeorm';
import {
  aluminumAlloySchema,
  billetCrossSectionArea,
  extrusionLineSchema,
  finishSchema,
  machineSchema,
  productionMessages,
  shiftSchema,
  shiftsOverlap,
  type AluminumAlloyInput,
  type ExtrusionLineInput,
  type FinishInput,
  type ListQuery,
  type MachineInput,
  type ShiftInput,
} from '@planta/contracts';
import { fieldError } from '../common/field-error';
import { TenantDb, type PageOf, type TenantScope } from '../tenancy/tenant-db.service';
import { AluminumAlloyEntity } from './aluminum-alloy.entity';
import { checkWhole, refuseIfAny, refusingConflicts } from './db-errors';
import { ExtrusionLineEntity } from './extrusion-line.entity';
import { FinishEntity } from './finish.entity';
import { MachineEntity } from './machine.entity';
import { ShiftEntity } from './shift.entity';

/** A line as the API shows it: the effective cross-section, and whether it is an override. */
export function toLine(line: ExtrusionLineEntity) {
  const overridden = line.billet_cross_section_area_mm2 !== null;
  return {
    ...line,
    billet_cross_section_area_mm2: line.billet_cross_section_area_mm2 ?? billetCrossSectionArea(line.billet_diameter_mm),
    billet_cross_section_area_overridden: overridden,
  };
}
const pageMap = <T, R>(page: PageOf<T>, map: (item: T) => R): PageOf<R> => ({ ...page, items: page.items.map(map) });
const withoutId = <T extends object>(row: T) => {
  const { id: _id, company_id: _company, ...rest } = row as T & { id?: unknown; company_id?: unknown };
  return rest;
};

/** The production catalogue of the active company: lines, machines, shifts, finishes and alloys. */
@Injectable()
export class CatalogService {
  constructor(private readonly tenantDb: TenantDb) {}

  // --------------------------------------------------------------------------- extrusion lines

  async lines(query: ListQuery) {
    const page = await this.tenantDb.repository(ExtrusionLineEntity).page(query, {
      searchable: ['name', 'container_brand', 'container_reference'],
      sortable: ['name', 'press_tonnage_t', 'billet_diameter_mm', 'net_productivity_goal_kg_h', 'id'],
    });
    return pageMap(page, toLine);
  }

  async line(id: number) {
    return toLine(await this.tenantDb.repository(ExtrusionLineEntity).findOne(id));
  }

  createLine(input: ExtrusionLineInput) {
    return this.tenantDb.transaction(async (scope) => {
      await refuseIfAny(
        scope,
        `select 1 from extrusion_line where company_id = $1 and name = $2`,
        [scope.companyId, input.name],
        productionMessages.lineNameTaken,
      );
      const line = await refusingConflicts(
        () => scope.repository(ExtrusionLineEntity).create({ ...input, billet_cross_section_area_mm2: input.billet_cross_section_area_mm2 ?? null }),
        {
          unique: { extrusion_line_name_unique: productionMessages.lineNameTaken },
        },
      );
      return toLine(line);
    });
  }

  async updateLine(id: number, patch: Partial<ExtrusionLineInput>) {
    return this.tenantDb.transaction(async (scope) => {
      const repository = scope.repository(ExtrusionLineEntity);
      const current = await repository.findOne(id);
      const merged = checkWhole(extrusionLineSchema, { ...withoutId(current), ...patch });
      await refuseIfAny(
        scope,
        `select 1 from extrusion_line where company_id = $1 and name = $2 and id <> $3`,
        [scope.companyId, merged.name, id],
        productionMessages.lineNameTaken,
      );
      const saved = await refusingConflicts(
        () => repository.update(id, { ...merged, billet_cross_section_area_mm2: merged.billet_cross_section_area_mm2 ?? null }),
        {
          unique: { extrusion_line_name_unique: productionMessages.lineNameTaken },
        },
      );
      return toLine(saved);
    });
  }

  removeLine(id: number) {
    return this.tenantDb.transaction(async (scope) => {
      const line = await scope.repository(ExtrusionLineEntity).findOne(id);
      const users = ['machine', 'shift', 'production_order', 'order_die'].map((table) => `select 1 from ${table} where line_id = $1`).join(' union all ');
      await refuseIfAny(scope, users, [line.id], productionMessages.lineInUse);
      await refusingConflicts(() => scope.repository(ExtrusionLineEntity).remove(id), { inUse: productionMessages.lineInUse });
    });
  }

  // ---------------------------------------------------------------------------------- machines

  machines(query: ListQuery) {
    return this.tenantDb
      .repository(MachineEntity)
      .page(query, { searchable: ['name', 'type', 'status', 'manufacturer', 'model'], sortable: ['name', 'type', 'status', 'line_id', 'id'] });
  }

  machine(id: number) {
    return this.tenantDb.repository(MachineEntity).findOne(id);
  }

  createMachine(input: MachineInput) {
    return this.tenantDb.transaction(async (scope) => {
      await ownLine(scope, input.line_id);
      return scope.repository(MachineEntity).create({ ...input, line_id: input.line_id ?? null });
    });
  }

  updateMachine(id: number, patch: Partial<MachineInput>) {
    return this.tenantDb.transaction(async (scope) => {
      const repository = scope.repository(MachineEntity);
      const merged = checkWhole(machineSchema, { ...withoutId(await repository.findOne(id)), ...patch });
      await ownLine(scope, merged.line_id);
      return repository.update(id, { ...merged, line_id: merged.line_id ?? null });
    });
  }

  removeMachine(id: number) {
    return this.tenantDb.repository(MachineEntity).remove(id);
  }

  // ------------------------------------------------------------------------------------ shifts

  shifts(query: ListQuery) {
    return this.tenantDb
      .repository(ShiftEntity)
      .page(query, { searchable: ['name', 'supervisor'], sortable: ['name', 'start_time', 'supervisor', 'line_id', 'id'] });
  }

  shift(id: number) {
    return this.tenantDb.repository(ShiftEntity).findOne(id);
  }

  createShift(input: ShiftInput) {
    return this.tenantDb.transaction(async (scope) => {
      await this.checkShift(scope, input);
      return scope.repository(ShiftEntity).create({ ...input, line_id: input.line_id ?? null });
    });
  }

  updateShift(id: number, patch: Partial<ShiftInput>) {
    return this.tenantDb.transaction(async (scope) => {
      const repository = scope.repository(ShiftEntity);
      const merged = checkWhole(shiftSchema, { ...withoutId(await repository.findOne(id)), ...patch });
      await this.checkShift(scope, merged, id);
      return repository.update(id, { ...merged, line_id: merged.line_id ?? null });
    });
  }

  removeShift(id: number) {
    return this.tenantDb.repository(ShiftEntity).remove(id);
  }

  /** The line is the company's, and no other shift of that line shares a minute of the week. */
  private async checkShift(scope: TenantScope, shift: ShiftInput, id?: number) {
    if (!shift.line_id) return;
    await ownLine(scope, shift.line_id);
    // Serialise shift changes of one line, so that two overlapping shifts cannot be saved together.
    await scope.manager.query(`select id from extrusion_line where id = $1 for update`, [shift.line_id]);
    const others = await scope.repository(ShiftEntity).find({ where: id ? { line_id: shift.line_id, id: Not(id) } : { line_id: shift.line_id } });
    const clash = others.find((other) => shiftsOverlap(shift, other));
    if (clash) throw fieldError('start_time', `${productionMessages.shiftOverlap} (${clash.name})`, HttpStatus.CONFLICT);
  }

  // ---------------------------------------------------------------------------------- finishes

  finishes(query: ListQuery) {
    return this.tenantDb.repository(FinishEntity).page(query, { searchable: ['name', 'type', 'colour', 'ral_colour'], sortable: ['name', 'type', 'id'] });
  }

  finish(id: number) {
    return this.tenantDb.repository(FinishEntity).findOne(id);
  }

  createFinish(input: FinishInput) {
    return this.tenantDb.transaction(async (scope) => {
      await refuseIfAny(scope, `select 1 from finish where company_id = $1 and name = $2`, [scope.companyId, input.name], productionMessages.finishNameTaken);
      return refusingConflicts(() => scope.repository(FinishEntity).create(normaliseFinish(input)), {
        unique: { finish_name_unique: productionMessages.finishNameTaken },
      });
    });
  }

  updateFinish(id: number, patch: Partial<FinishInput>) {
    return this.tenantDb.transaction(async (scope) => {
      const repository = scope.repository(FinishEntity);
      const merged = checkWhole(finishSchema, { ...withoutId(await repository.findOne(id)), ...patch });
      await refuseIfAny(
        scope,
        `select 1 from finish where company_id = $1 and name = $2 and id <> $3`,
        [scope.companyId, merged.name, id],
        productionMessages.finishNameTaken,
      );
      return refusingConflicts(() => repository.update(id, normaliseFinish(merged)), { unique: { finish_name_unique: productionMessages.finishNameTaken } });
    });
  }

  removeFinish(id: number) {
    return this.tenantDb.transaction(async (scope) => {
      const finish = await scope.repository(FinishEntity).findOne(id);
      await refuseIfAny(scope, `select 1 from production_order where finish_id = $1`, [finish.id], productionMessages.finishInUse);
      await refusingConflicts(() => scope.repository(FinishEntity).remove(id), { inUse: productionMessages.finishInUse });
    });
  }

  // ---------------------------------------------------------------------------- aluminium alloys

  alloys(query: ListQuery) {
    return this.tenantDb
      .repository(AluminumAlloyEntity)
      .page(query, { searchable: ['designation', 'temper'], sortable: ['designation', 'temper', 'density_g_cm3', 'id'] });
  }

  alloy(id: number) {
    return this.tenantDb.repository(AluminumAlloyEntity).findOne(id);
  }

  createAlloy(input: AluminumAlloyInput) {
    return this.tenantDb.transaction(async (scope) => {
      await refuseIfAny(
        scope,
        `select 1 from aluminum_alloy where company_id = $1 and designation = $2 and temper = $3`,
        [scope.companyId, input.designation, input.temper],
        productionMessages.alloyTaken,
      );
      return refusingConflicts(() => scope.repository(AluminumAlloyEntity).create(input), { unique: { aluminum_alloy_unique: productionMessages.alloyTaken } });
    });
  }

  updateAlloy(id: number, patch: Partial<AluminumAlloyInput>) {
    return this.tenantDb.transaction(async (scope) => {
      const repository = scope.repository(AluminumAlloyEntity);
      const merged = checkWhole(aluminumAlloySchema, { ...withoutId(await repository.findOne(id)), ...patch });
      await refuseIfAny(
        scope,
        `select 1 from aluminum_alloy where company_id = $1 and designation = $2 and temper = $3 and id <> $4`,
        [scope.companyId, merged.designation, merged.temper, id],
        productionMessages.alloyTaken,
      );
      return refusingConflicts(() => repository.update(id, merged), { unique: { aluminum_alloy_unique: productionMessages.alloyTaken } });
    });
  }

  removeAlloy(id: number) {
    return this.tenantDb.transaction(async (scope) => {
      const alloy = await scope.repository(AluminumAlloyEntity).findOne(id);
      await refuseIfAny(scope, `select 1 from production_order where alloy_id = $1`, [alloy.id], productionMessages.alloyInUse);
      await refusingConflicts(() => scope.repository(AluminumAlloyEntity).remove(id), { inUse: productionMessages.alloyInUse });
    });
  }
}

/** A referenced line must be one of the company's (another company's answers like a missing one). */
export async function ownLine(scope: TenantScope, lineId: number | null | undefined): Promise<ExtrusionLineEntity | null> {
  if (!lineId) return null;
  const [line] = await scope.repository(ExtrusionLineEntity).find({ where: { id: lineId } });
  if (!line) throw fieldError('line_id', 'La línea elegida no existe');
  return line;
}

/** Only the fields of the finish's type are kept. */
function normaliseFinish(finish: FinishInput) {
  return {
    ...finish,
    colour: finish.type === 'mill' ? '' : finish.colour,
    micron_class: finish.type === 'anodised' ? (finish.micron_class ?? null) : null,
    ral_colour: finish.type === 'powder-coated' ? finish.ral_colour : '',
  };
}
