import { HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import {
  DIE_STATE_PHRASES,
  fileUrl,
  messages,
  nitridingMessages,
  type DieNitriding,
  type DieState,
  type NitridingBatch,
  type NitridingBatchCreate,
  type NitridingBatchDetail,
  type NitridingBatchQuery,
  type NitridingCandidate,
  type NitridingConfirm,
  type NitridingReceive,
} from '@planta/contracts';
import type { UploadedBuffer } from '../files/uploads';
import { fieldError } from '../common/field-error';
import { sortColumn } from '../common/sort-column';
import { containsFoldedSql } from '../common/text-search';
import { FilesService } from '../files/files.service';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type PageOf, type TenantScope } from '../tenancy/tenant-db.service';
import { dieCopy } from './die-copy.service';
import { DIE_COPY_COLUMNS, DIE_COPY_FROM, nitridingFilterSql, toDieCopy, type DieCopyRow } from './die-copy.queries';
import { DieLifeService } from './die-life.service';

const BATCH_COLUMNS = `
  select b.id, b.number, b.supplier, b.process, b.status, b.sent_at, to_char(b.expected_at, 'YYYY-MM-DD') as expected_at, b.received_at,
         b.confirmed_at, b.certificate_number, b.certificate_file_id, b.notes,
         (select count(*)::int from die_nitriding n where n.batch_id = b.id) as dies_count,
         (select count(*)::int from die_nitriding n where n.batch_id = b.id and n.result is not null) as confirmed_count
    from nitriding_batch b`;

const SORTS: Record<string, string> = { number: 'b.number', supplier: 'b.supplier', status: 'b.status', sent_at: 'b.sent_at', received_at: 'b.received_at' };

interface BatchRow extends Omit<NitridingBatch, 'sent_at' | 'received_at' | 'confirmed_at' | 'certificate_url'> {
  sent_at: Date;
  received_at: Date | null;
  confirmed_at: Date | null;
  certificate_file_id: number | null;
}

const toBatch = ({ certificate_file_id, ...row }: BatchRow): NitridingBatch => ({
  ...row,
  sent_at: row.sent_at.toISOString(),
  received_at: row.received_at?.toISOString() ?? null,
  confirmed_at: row.confirmed_at?.toISOString() ?? null,
  certificate_url: certificate_file_id === null ? null : fileUrl(certificate_file_id),
});

/** A die waits for a result in a batch not yet confirmed (an open batch): it cannot go in another. */
const AWAITING_RESULT = `exists (select 1 from die_nitriding n join nitriding_batch b on b.id = n.batch_id
                                  where n.die_id = d.id and n.result is null and b.status <> 'confirmed')`;

const label = (die: { die_reference: string; copy_number: number }) => `${die.die_reference}-${die.copy_number}`;

/**
 * Nitriding (domain.md A2.4 workflow 4): batches of dies sent to a supplier, received with the
 * certificate, confirmed die by die. Every move of a die goes through the die's life
 * (`DieLifeService.move`, kind 'nitriding', the batch as its reference).
 */
@Injectable()
export class NitridingService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly life: DieLifeService,
    private readonly files: FilesService,
  ) {}

  list(query: NitridingBatchQuery): Promise<PageOf<NitridingBatch>> {
    return this.tenantDb.transaction(async (scope) => {
      const params: unknown[] = [scope.companyId];
      const bind = (value: unknown) => `$${params.push(value)}`;
      const where = ['b.company_id = $1'];
      if (query.status) where.push(`b.status = ${bind(query.status)}`);
      if (query.search) where.push(containsFoldedSql(['b.number', 'b.supplier', 'b.certificate_number'], bind(query.search)));
      const condition = where.join(' and ');
      const sort = sortColumn(SORTS, query.sort, 'b.sent_at');
      const direction = query.sort && query.direction !== 'desc' ? 'asc' : 'desc';
      const [{ total }] = await scope.manager.query(`select count(*)::int as total from nitriding_batch b where ${condition}`, params);
      const rows: BatchRow[] = await scope.manager.query(
        `${BATCH_COLUMNS} where ${condition} order by ${sort} ${direction} nulls last, b.id desc
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      return { items: rows.map(toBatch), total, page: query.page, pageSize: query.pageSize };
    });
  }

  /** Dies waiting in nitriding outside an open batch (an inspection sent them, or a batch rejected them), then the due in-stock dies. */
  candidates(): Promise<NitridingCandidate[]> {
    return this.tenantDb.transaction(async (scope) => {
      const rows: (DieCopyRow & { origin: NitridingCandidate['origin'] })[] = await scope.manager.query(
        `${DIE_COPY_COLUMNS}, case when d.state = 'nitriding' then 'waiting' else 'due' end as origin
          ${DIE_COPY_FROM}
          where d.company_id = $1
            and ((d.state = 'nitriding' and not ${AWAITING_RESULT}) or (d.state = 'in_stock' and ${nitridingFilterSql('soon')}))
          order by d.state = 'nitriding' desc, d.die_reference, d.copy_number
          limit 500`,
        [scope.companyId],
      );
      return rows.map(({ origin, ...row }) => ({ ...toDieCopy(row), origin }));
    });
  }

  get(id: number): Promise<NitridingBatchDetail> {
    return this.tenantDb.transaction((scope) => this.detail(scope, id));
  }

  /** Makes the batch and sends it: each die's counters since nitriding are kept, in-stock dies go to nitriding. */
  create(caller: RequestIdentity, input: NitridingBatchCreate): Promise<NitridingBatchDetail> {
    return this.tenantDb.transaction((scope) => this.createIn(scope, caller, input));
  }

  /** As `create`, in the scope's transaction (the upload agent confirms several records in one). */
  async createIn(scope: TenantScope, caller: RequestIdentity, input: NitridingBatchCreate): Promise<NitridingBatchDetail> {
    const sentAt = input.sent_at ? new Date(input.sent_at) : new Date();
    if (input.expected_at && input.expected_at < sentAt.toISOString().slice(0, 10)) throw fieldError('expected_at', nitridingMessages.expectedBeforeSent);
    const dieIds = [...new Set(input.die_ids)];
    const dies: { id: number; die_reference: string; copy_number: number; state: DieState; awaiting: string | null }[] = await scope.manager.query(
      `select d.id, d.die_reference, d.copy_number, d.state,
              (select b.number from die_nitriding n join nitriding_batch b on b.id = n.batch_id
                where n.die_id = d.id and n.result is null and b.status <> 'confirmed' limit 1) as awaiting
         from die d where d.company_id = $1 and d.id = any($2::int[]) order by d.die_reference, d.copy_number for update of d`,
      [scope.companyId, dieIds],
    );
    if (dies.length !== dieIds.length) throw fieldError('die_ids', nitridingMessages.dieMissing);
    for (const die of dies) {
      if (die.awaiting) throw fieldError('die_ids', nitridingMessages.inOpenBatch(label(die), die.awaiting), HttpStatus.CONFLICT);
      if (die.state !== 'in_stock' && die.state !== 'nitriding')
        throw fieldError('die_ids', nitridingMessages.notCandidate(label(die), DIE_STATE_PHRASES[die.state]), HttpStatus.CONFLICT);
    }
    const [{ id }] = await scope.manager.query(
      `insert into nitriding_batch (company_id, number, supplier, process, sent_at, expected_at, notes, created_by)
       values ($1, next_document_number($1, 'NT', $2::timestamptz), $3, $4, $2, $5, $6, $7) returning id`,
      [scope.companyId, sentAt, input.supplier, input.process, input.expected_at, input.notes, caller.userId],
    );
    // The snapshot before anything resets: this is the die's next nitriding, after so many billets and kg.
    await scope.manager.query(
      `insert into die_nitriding (company_id, batch_id, die_id, nitriding_no, billets_since_previous, kg_since_previous)
       select $1, $2, d.id, d.nitriding_count + 1, d.billets_since_nitriding, d.kg_since_nitriding from die d where d.company_id = $1 and d.id = any($3::int[])`,
      [scope.companyId, id, dieIds],
    );
    const [{ number }] = await scope.manager.query(`select number from nitriding_batch where id = $1`, [id]);
    for (const die of dies)
      await this.life.move(scope, die.id, 'nitriding', {
        kind: 'nitriding',
        userId: caller.userId,
        refId: id,
        at: sentAt,
        note: `Enviada a nitrurar en el lote ${number} (${input.supplier})`,
      });
    return this.detail(scope, id);
  }

  receive(id: number, input: NitridingReceive): Promise<NitridingBatchDetail> {
    return this.tenantDb.transaction((scope) => this.receiveIn(scope, id, input));
  }

  /** As `receive`, in the scope's transaction (the upload agent confirms several records in one). */
  async receiveIn(scope: TenantScope, id: number, input: NitridingReceive): Promise<NitridingBatchDetail> {
    const batch = await this.lockBatch(scope, id);
    if (batch.status !== 'sent') throw fieldError('status', nitridingMessages.alreadyReceived, HttpStatus.CONFLICT);
    const receivedAt = input.received_at ? new Date(input.received_at) : new Date();
    if (receivedAt < batch.sent_at) throw fieldError('received_at', nitridingMessages.receivedBeforeSent);
    await scope.manager.query(`update nitriding_batch set status = 'received', received_at = $2, certificate_number = $3 where id = $1`, [
      id,
      receivedAt,
      input.certificate_number,
    ]);
    return this.detail(scope, id);
  }

  /** The certificate's file (a PDF or a photo of it), stored once per company within its upload limit. */
  certificate(id: number, certificateNumber: string, file: UploadedBuffer | undefined): Promise<NitridingBatchDetail> {
    return this.tenantDb.transaction(async (scope) => {
      await this.lockBatch(scope, id);
      let fileId: number | null = null;
      if (file)
        fileId = (
          await this.files.store(scope, file.buffer, file.originalname, file.mimetype, 'file', {
            documents: true,
            typeMessage: nitridingMessages.certificateFile,
          })
        ).id;
      await scope.manager.query(`update nitriding_batch set certificate_number = $2, certificate_file_id = coalesce($3, certificate_file_id) where id = $1`, [
        id,
        certificateNumber,
        fileId,
      ]);
      return this.detail(scope, id);
    });
  }

  /**
   * One die's values and verdict. Accepted: its counters since nitriding start again, it counts one
   * nitriding more and goes back to stock. Rejected: it stays in nitriding, free for another batch.
   * The batch is confirmed when every die is.
   */
  confirm(caller: RequestIdentity, id: number, dieId: number, input: NitridingConfirm): Promise<NitridingBatchDetail> {
    return this.tenantDb.transaction((scope) => this.confirmIn(scope, caller, id, dieId, input));
  }

  /** As `confirm`, in the scope's transaction (the upload agent confirms several records in one). */
  async confirmIn(scope: TenantScope, caller: RequestIdentity, id: number, dieId: number, input: NitridingConfirm): Promise<NitridingBatchDetail> {
    const batch = await this.lockBatch(scope, id);
    if (batch.status === 'sent') throw fieldError('result', nitridingMessages.notReceived, HttpStatus.CONFLICT);
    const [entry]: { id: number; nitriding_no: number; result: string | null }[] = await scope.manager.query(
      `select id, nitriding_no, result from die_nitriding where batch_id = $1 and die_id = $2 and company_id = $3 for update`,
      [id, dieId, scope.companyId],
    );
    if (!entry) throw new NotFoundException(nitridingMessages.dieNotInBatch);
    if (entry.result !== null) throw fieldError('result', nitridingMessages.alreadyConfirmed, HttpStatus.CONFLICT);
    await scope.manager.query(`update die_nitriding set hardness_hv = $2, case_depth_mm = $3, result = $4, note = $5 where id = $1`, [
      entry.id,
      input.hardness_hv,
      input.case_depth_mm,
      input.result,
      input.note,
    ]);
    const values = `${input.hardness_hv} HV, ${String(input.case_depth_mm).replace('.', ',')} mm`;
    if (input.result === 'accepted') {
      await scope.manager.query(
        `update die set billets_since_nitriding = 0, kg_since_nitriding = 0, nitriding_count = greatest(nitriding_count + 1, $2) where id = $1 and company_id = $3`,
        [dieId, entry.nitriding_no, scope.companyId],
      );
      await this.life.move(scope, dieId, 'in_stock', {
        kind: 'nitriding',
        userId: caller.userId,
        refId: id,
        note: `Nitrurado nº ${entry.nitriding_no} aceptado (${batch.number}, certificado ${batch.certificate_number}): ${values}`,
      });
    } else {
      await this.life.move(scope, dieId, 'nitriding', {
        kind: 'nitriding',
        userId: caller.userId,
        refId: id,
        note: `Nitrurado rechazado (${batch.number}): ${values}. ${nitridingMessages.rejectedStays}`,
      });
    }
    await scope.manager.query(
      `update nitriding_batch set status = 'confirmed', confirmed_at = now()
        where id = $1 and not exists (select 1 from die_nitriding where batch_id = $1 and result is null)`,
      [id],
    );
    return this.detail(scope, id);
  }

  /** The die's nitridings, oldest first (the die summary's "Nitrurados"). */
  dieHistory(dieId: number): Promise<DieNitriding[]> {
    return this.tenantDb.transaction(async (scope) => {
      await dieCopy(scope, dieId);
      const rows = await scope.manager.query(
        `select n.nitriding_no, b.id as batch_id, b.number as batch_number, b.supplier, b.process, b.status, b.sent_at, b.received_at,
                b.certificate_number, n.hardness_hv::float8, n.case_depth_mm::float8, n.result, n.billets_since_previous, n.kg_since_previous::float8
           from die_nitriding n join nitriding_batch b on b.id = n.batch_id
          where n.die_id = $1 and n.company_id = $2
          order by b.sent_at, n.id`,
        [dieId, scope.companyId],
      );
      return rows.map((row: { sent_at: Date; received_at: Date | null }) => ({
        ...row,
        sent_at: row.sent_at.toISOString(),
        received_at: row.received_at?.toISOString() ?? null,
      }));
    });
  }

  private async lockBatch(scope: TenantScope, id: number): Promise<{ id: number; number: string; status: string; sent_at: Date; certificate_number: string }> {
    const [batch] = await scope.manager.query(
      `select id, number, status, sent_at, certificate_number from nitriding_batch where id = $1 and company_id = $2 for update`,
      [id, scope.companyId],
    );
    if (!batch) throw new NotFoundException(messages.notFound);
    return batch;
  }

  private async detail(scope: TenantScope, id: number): Promise<NitridingBatchDetail> {
    const [row]: BatchRow[] = await scope.manager.query(`${BATCH_COLUMNS} where b.id = $1 and b.company_id = $2`, [id, scope.companyId]);
    if (!row) throw new NotFoundException(messages.notFound);
    const dies = await scope.manager.query(
      `select n.die_id, d.die_reference, d.copy_number, d.state as die_state, n.nitriding_no, n.billets_since_previous, n.kg_since_previous::float8,
              n.hardness_hv::float8, n.case_depth_mm::float8, n.result, n.note
         from die_nitriding n join die d on d.id = n.die_id
        where n.batch_id = $1 order by d.die_reference, d.copy_number`,
      [id],
    );
    return { ...toBatch(row), dies, upload_limit_mb: await this.files.limitMb(scope) };
  }
}
