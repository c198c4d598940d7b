import { HttpException, HttpStatus } from '@nestjs/common';
import {
  ENLISTMENT_CHECKLIST,
  ENLISTMENT_CHECKLIST_WORDS,
  ENLISTMENT_OVEN_OUT_WORD,
  OPEN_ENLISTMENT_STATUSES,
  PREPARATION_OVERRIDE,
  productionMessages,
  type DieState,
  type EnlistmentChecklistItem,
} from '@planta/contracts';
import { fieldError } from '../common/field-error';
import type { DieLifeService } from '../dieshop/die-life.service';
import { heldGrantsSql } from '../permissions/held-grants';
import type { RequestIdentity } from '../tenancy/request-context';
import type { TenantScope } from '../tenancy/tenant-db.service';

type OpenPreparation = { id: number; number: string; oven_in_at: Date | null; oven_out_at: Date | null } & Record<EnlistmentChecklistItem, boolean>;

/** What the preparation still lacks, as a refusal names it ('limpia, herramental completo'). */
export function missingSteps(preparation: OpenPreparation): string[] {
  const missing: string[] = ENLISTMENT_CHECKLIST.filter((item) => !preparation[item]).map((item) => ENLISTMENT_CHECKLIST_WORDS[item]);
  if (preparation.oven_in_at && !preparation.oven_out_at) missing.push(ENLISTMENT_OVEN_OUT_WORD);
  return missing;
}

/** SQL: the preparation `e` is unfinished, as missingSteps says (a checklist item open, or in the oven with no exit recorded). */
export const unfinishedPreparationSql = (e: string) =>
  `(not (${ENLISTMENT_CHECKLIST.map((item) => `${e}.${item}`).join(' and ')}) or (${e}.oven_in_at is not null and ${e}.oven_out_at is null))`;

/** Whether the caller may start over an unfinished preparation (PREPARATION_OVERRIDE, read as what their roles hold). */
export async function mayOverride(scope: TenantScope, caller: RequestIdentity): Promise<boolean> {
  const rows: unknown[] = await scope.manager.query(
    `select 1 from (${heldGrantsSql('$1', '$2')}) held join page on page.id = held.page_id where page.alias = $3 and held.${PREPARATION_OVERRIDE.action}`,
    [scope.companyId, caller.userId, PREPARATION_OVERRIDE.page],
  );
  return rows.length > 0;
}

/**
 * A run starts with `dieId`: its open preparation (alistamiento) is done, in the run's transaction,
 * so that no screen keeps showing the die 'En horno' or 'Lista' once it is on the press. An
 * unfinished one (checklist open, oven exit not recorded) refuses the start with what is missing,
 * unless someone allowed to override sends why: the reason is kept on the preparation and in the
 * die's log. Called before the run is inserted (the die's log then reads preparation, then run).
 */
export async function closePreparationForRun(
  scope: TenantScope,
  life: DieLifeService,
  caller: RequestIdentity,
  die: { id: number; state: DieState },
  overrideReason: string | undefined,
): Promise<void> {
  const [preparation]: OpenPreparation[] = await scope.manager.query(
    `select id, number, oven_in_at, oven_out_at, ${ENLISTMENT_CHECKLIST.join(', ')}
       from die_enlistment where company_id = $1 and die_id = $2 and status = any($3) for update`,
    [scope.companyId, die.id, OPEN_ENLISTMENT_STATUSES],
  );
  if (!preparation) return;
  const missing = missingSteps(preparation);
  const reason = overrideReason?.trim() ?? '';
  if (missing.length > 0) {
    const allowed = await mayOverride(scope, caller);
    const refusal = productionMessages.preparationOpen(preparation.number, missing.join(', '));
    if (!reason)
      throw new HttpException(
        {
          message: refusal,
          fields: { die_id: refusal, ...(allowed ? { override_reason: productionMessages.preparationOverrideReason } : {}) },
        },
        HttpStatus.CONFLICT,
      );
    if (!allowed) throw fieldError('override_reason', productionMessages.preparationOverrideNotAllowed, HttpStatus.FORBIDDEN);
  }
  const overridden = missing.length > 0;
  await scope.manager.query(
    `with released as (
       update die_enlistment_tool set released_at = now() where enlistment_id = $1 and released_at is null returning tool_id)
     update tool set state = 'available' from released where tool.id = released.tool_id and tool.state = 'in_use'`,
    [preparation.id],
  );
  await scope.manager.query(
    `update die_enlistment set status = 'delivered', ready_at = coalesce(ready_at, now()), delivered_at = now(), delivered_by = $2,
            override_reason = $3, overridden_by = $4
      where id = $1`,
    [preparation.id, caller.userId, overridden ? reason : '', overridden ? caller.userId : null],
  );
  const note = overridden
    ? `Alistamiento ${preparation.number} cerrado al iniciar la corrida sin terminar (falta ${missing.join(', ')}): ${reason}`
    : `Alistamiento ${preparation.number} entregado a prensa al iniciar la corrida`;
  await life.move(scope, die.id, die.state, { kind: 'enlistment', userId: caller.userId, refId: preparation.id, note });
}
