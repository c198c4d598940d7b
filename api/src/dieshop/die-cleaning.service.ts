import { ForbiddenException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import {
  CONDITION_SUGGESTS,
  dieCleaningMessages,
  failureReportMessages,
  fileUrl,
  INSPECTION_NEXT_STATE,
  MAX_REPORT_PHOTOS,
  messages,
  type DieCleaning,
  type DieCleaningDetail,
  type DieCleaningFinish,
  type DieCleaningListQuery,
  type DieCleaningStart,
  type DieInCleaning,
  type InspectionResult,
  type RunCondition,
} from '@planta/contracts';
import type { UploadedBuffer } from '../files/uploads';
import { isUniqueViolation } from '../common/db-errors';
import { fieldError } from '../common/field-error';
import { containsFoldedSql } from '../common/text-search';
import { FilesService } from '../files/files.service';
import { heldGrantsSql } from '../permissions/held-grants';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type PageOf, type TenantScope } from '../tenancy/tenant-db.service';
import { scrapDie } from './die-copy.service';
import { CorrectionService } from './correction.service';
import { DieLifeService, lockDie } from './die-life.service';

/** The log's words for the methods and results (die_event notes are Spanish). */
const METHOD_WORDS = { caustic: 'sosa cáustica', wet_blast: 'granallado húmedo', mechanical: 'mecánica' } as const;
const RESULT_WORDS: Record<InspectionResult, string> = { ok: 'OK, a inventario', correction: 'a corrección', nitriding: 'a nitrurado', scrap: 'baja' };

const CLEANING_COLUMNS = `
  k.id, k.die_id, k.order_die_id, k.method, k.bath, k.in_at, k.out_at,
  floor(extract(epoch from coalesce(k.out_at, now()) - k.in_at) / 60)::int as minutes,
  k.operator_id, operator.display_name as operator_name, k.inspection_result, k.notes,
  coalesce((select json_agg(json_build_object('id', f.id, 'content_type', f.content_type, 'size_bytes', f.size_bytes, 'sha256', f.sha256) order by f.id)
              from die_cleaning_photo p join stored_file f on f.id = p.file_id where p.cleaning_id = k.id), '[]') as photos`;
const CLEANING_FROM = `from die_cleaning k left join app_user operator on operator.id = k.operator_id`;

interface CleaningRow extends Omit<DieCleaning, 'in_at' | 'out_at' | 'photos'> {
  in_at: Date;
  out_at: Date | null;
  photos: { id: number; content_type: string; size_bytes: number; sha256: string }[];
}

const toCleaning = (row: CleaningRow): DieCleaning => ({
  ...row,
  in_at: row.in_at.toISOString(),
  out_at: row.out_at?.toISOString() ?? null,
  photos: row.photos.map((photo) => ({ ...photo, url: fileUrl(photo.id) })),
});

/** The die's columns, how its last confirmed run left it, and one cleaning (`k`, joined by the caller). */
const DIE_COLUMNS = `d.id as die_id, d.die_reference, d.copy_number, d.state as die_state, d.state_since, d.location,
  last_run.condition, last_run.order_die_id as last_order_die_id`;
const LAST_RUN = `left join lateral (select c.condition, c.order_die_id from die_run_confirmation c where c.die_id = d.id
                                     order by c.confirmed_at desc, c.id desc limit 1) last_run on true`;

interface DieRow {
  row_key: string;
  die_id: number;
  die_reference: string;
  copy_number: number;
  die_state: DieInCleaning['die_state'];
  state_since: Date;
  location: string;
  condition: RunCondition | null;
  last_order_die_id: number | null;
  cleaning_id: number | null;
}

async function cleaningsById(scope: TenantScope, ids: number[]): Promise<Map<number, DieCleaning>> {
  if (ids.length === 0) return new Map();
  const rows: CleaningRow[] = await scope.manager.query(`select ${CLEANING_COLUMNS} ${CLEANING_FROM} where k.id = any($1::int[]) and k.company_id = $2`, [
    ids,
    scope.companyId,
  ]);
  return new Map(rows.map((row) => [row.id, toCleaning(row)]));
}

const toDieInCleaning = (row: DieRow, cleanings: Map<number, DieCleaning>): DieInCleaning => ({
  id: row.row_key,
  die_id: row.die_id,
  die_reference: row.die_reference,
  copy_number: row.copy_number,
  die_state: row.die_state,
  state_since: row.state_since.toISOString(),
  location: row.location,
  condition: row.condition,
  suggested_result: row.condition ? CONDITION_SUGGESTS[row.condition] : null,
  last_order_die_id: row.last_order_die_id,
  cleaning: row.cleaning_id === null ? null : (cleanings.get(row.cleaning_id) ?? null),
});

/**
 * Cleaning: a die sent to cleaning by its production confirmation enters a bath (or blasting, or
 * the bench), and the inspection at its end sends it on by INSPECTION_NEXT_STATE.
 */
@Injectable()
export class DieCleaningService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly life: DieLifeService,
    private readonly files: FilesService,
    private readonly corrections: CorrectionService,
  ) {}

  /** The dies in cleaning (longest first) with their open cleaning, then the finished cleanings (newest first); or either. */
  list(query: DieCleaningListQuery): Promise<PageOf<DieInCleaning>> {
    return this.tenantDb.transaction(async (scope) => {
      const params: unknown[] = [scope.companyId];
      const search = query.search
        ? ` and ${containsFoldedSql(['d.die_reference', `d.die_reference || '-' || d.copy_number`], `$${params.push(query.search)}`)}`
        : '';
      const open = `select ${DIE_COLUMNS}, k.id as cleaning_id, 'die-' || d.id as row_key, 0 as part, d.state_since as sort_at
          from die d left join die_cleaning k on k.die_id = d.id and k.inspection_result is null ${LAST_RUN}
         where d.company_id = $1 and d.state = 'cleaning'${search}`;
      const finished = `select ${DIE_COLUMNS}, k.id as cleaning_id, 'cleaning-' || k.id as row_key, 1 as part, k.out_at as sort_at
          from die_cleaning k join die d on d.id = k.die_id ${LAST_RUN}
         where k.company_id = $1 and k.inspection_result is not null${search}`;
      const rowsSql = query.status === 'open' ? open : query.status === 'finished' ? finished : `${open} union all ${finished}`;
      const [{ total }] = await scope.manager.query(`select count(*)::int as total from (${rowsSql}) listed`, params);
      const rows: DieRow[] = await scope.manager.query(
        `select * from (${rowsSql}) listed
          order by part, case when part = 0 then sort_at end asc, sort_at desc, row_key
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      const cleanings = await cleaningsById(
        scope,
        rows.map((row) => row.cleaning_id).filter((id): id is number => id !== null),
      );
      return { items: rows.map((row) => toDieInCleaning(row, cleanings)), total, page: query.page, pageSize: query.pageSize };
    });
  }

  /** One die's cleaning screen (any state: its history stays readable once it has left cleaning). */
  die(dieId: number): Promise<DieCleaningDetail> {
    return this.tenantDb.transaction((scope) => this.detail(scope, dieId));
  }

  private async detail(scope: TenantScope, dieId: number): Promise<DieCleaningDetail> {
    const [row]: DieRow[] = await scope.manager.query(
      `select ${DIE_COLUMNS}, k.id as cleaning_id, 'die-' || d.id as row_key
         from die d left join die_cleaning k on k.die_id = d.id and k.inspection_result is null ${LAST_RUN}
        where d.id = $1 and d.company_id = $2`,
      [dieId, scope.companyId],
    );
    if (!row) throw new NotFoundException(messages.notFound);
    const history: CleaningRow[] = await scope.manager.query(
      `select ${CLEANING_COLUMNS} ${CLEANING_FROM} where k.die_id = $1 and k.company_id = $2 order by k.in_at desc, k.id desc`,
      [dieId, scope.companyId],
    );
    const cleanings = history.map(toCleaning);
    const operators: { id: number; name: string }[] = await scope.manager.query(
      `select person.id, person.display_name as name from active_member m join app_user person on person.id = m.user_id
        where m.company_id = $1 order by person.display_name, person.id`,
      [scope.companyId],
    );
    return { ...toDieInCleaning(row, new Map(cleanings.map((cleaning) => [cleaning.id, cleaning]))), history: cleanings, operators };
  }

  start(caller: RequestIdentity, input: DieCleaningStart): Promise<DieCleaning> {
    return this.tenantDb
      .transaction(async (scope) => {
        const die = await lockDie(scope, input.die_id).catch((error: unknown) => {
          throw error instanceof NotFoundException ? fieldError('die_id', dieCleaningMessages.dieMissing, HttpStatus.NOT_FOUND) : error;
        });
        if (die.state !== 'cleaning') throw fieldError('die_id', dieCleaningMessages.notInCleaning, HttpStatus.CONFLICT);
        const operatorId = input.operator_id ?? caller.userId;
        const member = await scope.manager.query(`select 1 from active_member m where m.company_id = $1 and m.user_id = $2`, [scope.companyId, operatorId]);
        if (member.length === 0) throw fieldError('operator_id', dieCleaningMessages.operatorNotMember);
        const [lastRun] = await scope.manager.query(
          `select order_die_id from die_run_confirmation where die_id = $1 order by confirmed_at desc, id desc limit 1`,
          [die.id],
        );
        const [{ id }] = await scope.manager.query(
          `insert into die_cleaning (company_id, die_id, order_die_id, method, bath, in_at, operator_id) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
          [scope.companyId, die.id, lastRun?.order_die_id ?? null, input.method, input.bath, input.in_at ?? new Date(), operatorId],
        );
        const bath = input.bath ? ` (${input.bath})` : '';
        await this.life.move(scope, die.id, 'cleaning', {
          kind: 'cleaning',
          userId: caller.userId,
          refId: id,
          note: `Limpieza iniciada: ${METHOD_WORDS[input.method]}${bath}`,
        });
        return (await cleaningsById(scope, [id])).get(id)!;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'die_cleaning_one_open')) throw fieldError('die_id', dieCleaningMessages.alreadyOpen, HttpStatus.CONFLICT);
        throw error;
      });
  }

  /** Ends a cleaning with its inspection and photos, and moves the die where the result says, all or nothing. */
  finish(caller: RequestIdentity, id: number, input: DieCleaningFinish, photos: UploadedBuffer[] = []): Promise<DieCleaning> {
    if (photos.length > MAX_REPORT_PHOTOS) throw fieldError('photos', failureReportMessages.tooManyPhotos(MAX_REPORT_PHOTOS));
    return this.corrections.changing(async (scope, announcement) => {
      const [cleaning]: { id: number; die_id: number; in_at: Date; inspection_result: string | null }[] = await scope.manager.query(
        `select id, die_id, in_at, inspection_result from die_cleaning where id = $1 and company_id = $2 for update`,
        [id, scope.companyId],
      );
      if (!cleaning) throw new NotFoundException(messages.notFound);
      if (cleaning.inspection_result !== null) throw fieldError('inspection_result', dieCleaningMessages.finished, HttpStatus.CONFLICT);
      const outAt = input.out_at ? new Date(input.out_at) : new Date();
      if (outAt < cleaning.in_at) throw fieldError('out_at', dieCleaningMessages.outBeforeIn);
      const result = input.inspection_result;
      if (result === 'scrap') {
        if (!(await this.mayScrap(scope, caller.userId)))
          throw new ForbiddenException({ message: dieCleaningMessages.scrapNeedsLead, fields: { inspection_result: dieCleaningMessages.scrapNeedsLead } });
        if (!input.scrap_reason) throw fieldError('scrap_reason', dieCleaningMessages.scrapReason);
      }
      for (const photo of photos) {
        const stored = await this.files.store(scope, photo.buffer, photo.originalname, photo.mimetype);
        await scope.manager.query(`insert into die_cleaning_photo (company_id, cleaning_id, file_id) values ($1, $2, $3) on conflict do nothing`, [
          scope.companyId,
          id,
          stored.id,
        ]);
      }
      await scope.manager.query(`update die_cleaning set out_at = $2, inspection_result = $3, notes = $4 where id = $1`, [id, outAt, result, input.notes]);
      const note = [`Inspección tras limpieza: ${RESULT_WORDS[result]}`, input.notes].filter(Boolean).join('. ');
      if (result === 'scrap') {
        const ended = await scrapDie(scope, this.life, cleaning.die_id, input.scrap_reason!, { userId: caller.userId, refId: id, expected: 'cleaning' });
        for (const record of ended) announcement.changed.add(record);
      } else {
        await this.life.move(scope, cleaning.die_id, INSPECTION_NEXT_STATE[result], {
          kind: 'inspection',
          userId: caller.userId,
          refId: id,
          note,
          expected: 'cleaning',
        });
        // To correction: the die's open record goes on, or a record of origin 'cleaning' opens (issue 14).
        if (result === 'correction') await this.corrections.fromInspection(scope, caller, cleaning.die_id, note, announcement);
      }
      return (await cleaningsById(scope, [id])).get(id)!;
    });
  }

  /** Scrapping is the leads' (delete on 'dies'), from the inspection as from the inventory. */
  private async mayScrap(scope: TenantScope, userId: number): Promise<boolean> {
    const rows = await scope.manager.query(
      `select 1 from (${heldGrantsSql('$1', '$2')}) held join page on page.id = held.page_id where page.alias = 'dies' and held.delete`,
      [scope.companyId, userId],
    );
    return rows.length > 0;
  }
}
