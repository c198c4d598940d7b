import { ForbiddenException, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import {
  DOCUMENT_TARGET_PAGES,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPE_SPECS,
  dieCopyCreateSchema,
  dieCopyUpdateSchema,
  orderSchema,
  PAGES,
  uploadMessages,
  type ExtractedFieldView,
  type UploadDetail,
  type UploadLink,
  type UploadValues,
} from '@planta/contracts';
import type { z } from 'zod';
import { AuditService } from '../audit/audit.service';
import { FilesService } from '../files/files.service';
import { heldGrantsSql } from '../permissions/held-grants';
import { createOrder } from '../production/orders.service';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';
import { DieCopyService } from '../dieshop/die-copy.service';
import { NitridingService } from '../dieshop/nitriding.service';
import { assertReviewable, lockUpload, uploadDetail } from './upload.service';
import { UploadLearning } from './upload-learning.service';
import { checkValues, dieLabel, type CheckedValues, type DieName, type FieldValue } from './upload-values';

/** A refusal naming every field it is about (the review form shows each on its field). */
const fieldsError = (errors: Record<string, string>, status = HttpStatus.BAD_REQUEST) =>
  new HttpException({ message: Object.values(errors)[0], fields: errors }, status);

type Row = CheckedValues['rows'][number];
const text = (value: FieldValue | undefined): string => (value === null || value === undefined ? '' : String(value));
const num = (value: FieldValue | undefined): number | null => (typeof value === 'number' ? value : null);

interface CatalogueDie {
  id: number;
  state: string;
}

/**
 * 'Confirmar y guardar' (domain.md D3): the reviewed values become the die shop's records in one
 * transaction (nitriding confirmations, received die copies, die and profile data, a production
 * order), each linked to the document; every value is audited beside the one read, and what the
 * reviewer corrected teaches the agent the supplier's labels. Confirming needs insert on the page
 * of what it creates, beyond the upload page itself.
 */
@Injectable()
export class UploadConfirmService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly files: FilesService,
    private readonly dies: DieCopyService,
    private readonly nitriding: NitridingService,
    private readonly learning: UploadLearning,
    private readonly audit: AuditService,
  ) {}

  confirm(caller: RequestIdentity, id: number, input: UploadValues): Promise<UploadDetail> {
    return this.tenantDb.transaction(async (scope) => {
      const upload = await lockUpload(scope, id);
      assertReviewable(upload.status);
      await this.assertMayCreate(scope, caller, input);
      const { values, errors } = checkValues(input);
      if (Object.keys(errors).length > 0) throw fieldsError(errors);
      const [stored]: { file_id: number; draft: { fields: ExtractedFieldView[]; rows: ExtractedFieldView[][] } | null; file_name: string }[] =
        await scope.manager.query(`select file_id, draft, file_name from document_upload where id = $1`, [id]);
      const context: ConfirmContext = { scope, caller, uploadId: id, fileId: stored.file_id, links: [] };
      await this.create(context, input.doc_type, values);
      for (const link of context.links)
        await scope.manager.query(
          `insert into document_upload_link (company_id, upload_id, entity, entity_id, label, action) values ($1, $2, $3, $4, $5, $6)`,
          [scope.companyId, id, link.entity, link.entity_id, link.label.slice(0, 120), link.action],
        );
      const corrections = await this.writeAudit(scope, caller, id, input, stored.draft);
      await scope.manager.query(
        `update document_upload set status = 'confirmed', doc_type = $2, "values" = $3, confirmed_by = $4, confirmed_at = now(),
                dies = $5, supplier = coalesce(nullif($6, ''), supplier), progress = null
          where id = $1`,
        [id, input.doc_type, JSON.stringify(input), caller.userId, diesOf(values).slice(0, 300), text(values.fields.supplier).slice(0, 120)],
      );
      if (corrections.length > 0)
        await this.audit.record(scope, caller, {
          action: 'update',
          entity: 'document-upload',
          entityId: id,
          label: `${DOCUMENT_TYPE_LABELS[input.doc_type]} · ${stored.file_name}`,
          before: Object.fromEntries(corrections.map((entry) => [entry.name, entry.extracted])),
          after: Object.fromEntries(corrections.map((entry) => [entry.name, entry.confirmed])),
        });
      await this.learning.learn(scope, id, input);
      return uploadDetail(scope, id, this.files);
    });
  }

  private async assertMayCreate(scope: TenantScope, caller: RequestIdentity, input: UploadValues): Promise<void> {
    const page = DOCUMENT_TARGET_PAGES[input.doc_type];
    const [grant]: { insert: boolean }[] = await scope.manager.query(
      `select held.insert from (${heldGrantsSql('$1', '$2')}) held join page on page.id = held.page_id where page.alias = $3`,
      [scope.companyId, caller.userId, page],
    );
    if (!grant?.insert) throw new ForbiddenException(uploadMessages.cannotConfirm(PAGES.find((entry) => entry.alias === page)?.name ?? page));
  }

  private create(context: ConfirmContext, docType: UploadValues['doc_type'], values: CheckedValues): Promise<void> {
    switch (docType) {
      case 'nitriding_certificate':
        return this.nitridingCertificate(context, values);
      case 'delivery_note':
        return this.deliveryNote(context, values);
      case 'die_drawing':
        return this.dieDrawing(context, values);
      case 'profile_drawing':
        return this.profileDrawing(context, values);
      case 'production_order':
        return this.productionOrder(context, values);
      case 'die_inventory':
        return this.dieInventory(context, values);
    }
  }

  /**
   * Each die's open batch (sent to nitride and not yet confirmed) is received with the
   * certificate and confirmed with the die's values; dies in no open batch go in a new batch of
   * this supplier, sent and received at the certificate's dates. Accepted dies start their
   * counters since nitriding again and return to stock.
   */
  private async nitridingCertificate(context: ConfirmContext, values: CheckedValues): Promise<void> {
    const { scope, caller } = context;
    const certificate = text(values.fields.certificate_number);
    const dies = await this.catalogueDies(context, values.rows, 'die_reference');
    const open: { die_id: number; batch_id: number }[] = await scope.manager.query(
      `select n.die_id, n.batch_id from die_nitriding n join nitriding_batch b on b.id = n.batch_id
        where n.company_id = $1 and n.die_id = any($2::int[]) and n.result is null and b.status <> 'confirmed'`,
      [scope.companyId, dies.map((die) => die.id)],
    );
    const batchOf = new Map(open.map((entry) => [entry.die_id, entry.batch_id]));
    const outside = dies.filter((die) => !batchOf.has(die.id));
    // The certificate's dates, where they fit the dies' history: never before what already happened to them, never ahead of now.
    const now = new Date();
    const [{ last }]: { last: Date | null }[] = await scope.manager.query(`select max(at) as last from die_event where die_id = any($1::int[])`, [
      dies.map((die) => die.id),
    ]);
    const earliest = last ? last.getTime() + 60_000 : 0;
    const within = (date: Date, floor: number) => new Date(Math.min(Math.max(date.getTime(), floor), now.getTime()));
    const dateOut = new Date(`${text(values.fields.date_out)}T12:00:00Z`);
    const dateIn = values.fields.date_in ? new Date(`${text(values.fields.date_in)}T08:00:00Z`) : dateOut;
    if (outside.length > 0) {
      const sentAt = within(dateIn, earliest);
      const batch = await this.nitriding.createIn(scope, caller, {
        supplier: text(values.fields.supplier),
        process: (text(values.fields.process) || 'gas') as 'gas',
        sent_at: new Date(Math.min(sentAt.getTime(), now.getTime() - 60_000)).toISOString(),
        expected_at: null,
        notes: `Registrado desde el certificado ${certificate}`,
        die_ids: outside.map((die) => die.id),
      });
      for (const die of outside) batchOf.set(die.id, batch.id);
    }
    for (const batchId of [...new Set(batchOf.values())]) {
      const [batch]: { status: string; sent_at: Date; number: string }[] = await scope.manager.query(
        `select status, sent_at, number from nitriding_batch where id = $1`,
        [batchId],
      );
      if (batch.status === 'sent') {
        const receivedAt = within(dateOut, Math.max(batch.sent_at.getTime(), earliest));
        await this.nitriding.receiveIn(scope, batchId, { received_at: receivedAt.toISOString(), certificate_number: certificate });
      }
      await scope.manager.query(`update nitriding_batch set certificate_number = $2, certificate_file_id = coalesce(certificate_file_id, $3) where id = $1`, [
        batchId,
        certificate,
        context.fileId,
      ]);
      context.links.push({ entity: 'nitriding_batch', entity_id: batchId, label: `Lote ${batch.number}`, action: 'updated' });
    }
    for (const die of dies) {
      const row = die.row;
      const core = num(row.core_hardness_hrc);
      await this.nitriding.confirmIn(scope, caller, batchOf.get(die.id)!, die.id, {
        hardness_hv: num(row.hardness_hv)!,
        case_depth_mm: num(row.case_depth_mm)!,
        result: 'accepted',
        note: `Certificado ${certificate}${core === null ? '' : `, núcleo ${String(core).replace('.', ',')} HRC`} (carga nº ${context.uploadId})`,
      });
      context.links.push({ entity: 'die', entity_id: die.id, label: die.label, action: 'updated' });
    }
  }

  /** New die copies, received ('nueva') from the note's supplier at its date. */
  private async deliveryNote(context: ConfirmContext, values: CheckedValues): Promise<void> {
    const errors: Record<string, string> = {};
    const inputs: { row: Row; die: DieName; input: z.infer<typeof dieCopyCreateSchema> }[] = [];
    for (const row of values.rows) {
      const die = row.die_reference as DieName;
      if (await findDie(context.scope, die)) errors[`rows.${row._index}.die_reference`] = uploadMessages.dieExists(dieLabel(die));
      const parsed = dieCopyCreateSchema.safeParse({
        die_reference: die.reference,
        copy_number: die.copy,
        die_type: text(row.die_type) || 'solid',
        profile_id: await profileId(context.scope, text(row.profile_code)),
        cavities: num(row.cavities) ?? 1,
        diameter_mm: num(row.diameter_mm),
        thickness_mm: num(row.thickness_mm),
        supplier: text(values.fields.supplier),
        supplier_ref: text(values.fields.note_number).slice(0, 60),
        received_at: text(values.fields.date) || null,
        cost: num(row.cost),
      });
      if (!parsed.success) collect(errors, parsed.error, (field) => `rows.${row._index}.${ROW_FIELD_OF[field] ?? 'die_reference'}`);
      else inputs.push({ row, die, input: parsed.data });
    }
    if (Object.keys(errors).length > 0) throw fieldsError(errors, HttpStatus.CONFLICT);
    for (const { die, input } of inputs) {
      const created = await this.dies.createIn(context.scope, context.caller, input, `Recibida de ${input.supplier} (albarán ${input.supplier_ref})`);
      context.links.push({ entity: 'die', entity_id: created.id, label: dieLabel(die), action: 'created' });
    }
  }

  /** The title block's data on the die copy it names. */
  private async dieDrawing(context: ConfirmContext, values: CheckedValues): Promise<void> {
    const [die] = await this.catalogueDies(context, [{ ...values.fields, _index: -1 }], 'die_reference', 'fields.die_reference');
    const patch = dieCopyUpdateSchema.safeParse(
      withoutEmpty({
        profile_id: (await profileId(context.scope, text(values.fields.profile_code))) ?? undefined,
        diameter_mm: num(values.fields.diameter_mm) ?? undefined,
        thickness_mm: num(values.fields.thickness_mm) ?? undefined,
        cavities: num(values.fields.cavities) ?? undefined,
        steel: text(values.fields.steel) || undefined,
      }),
    );
    if (!patch.success) throw fieldsError(collect({}, patch.error, (field) => `fields.${ROW_FIELD_OF[field] ?? field}`));
    await this.dies.updateIn(context.scope, context.caller, die.id, patch.data);
    context.links.push({ entity: 'die', entity_id: die.id, label: die.label, action: 'updated' });
  }

  /** The profile (created or updated by its code) with its critical dimensions and the drawing. */
  private async profileDrawing(context: ConfirmContext, values: CheckedValues): Promise<void> {
    const { scope } = context;
    const code = text(values.fields.profile_code).toUpperCase().slice(0, 40);
    const alloy = await alloyId(scope, text(values.fields.alloy), text(values.fields.temper));
    const [existing]: { id: number }[] = await scope.manager.query(`select id from profile where company_id = $1 and upper(code) = $2`, [
      scope.companyId,
      code,
    ]);
    const [{ id }]: { id: number }[] = await scope.manager.query(
      existing
        ? `update profile set customer = coalesce(nullif($3, ''), customer), nominal_kg_m = coalesce($4, nominal_kg_m), alloy_id = coalesce($5, alloy_id),
                  drawing_file_id = $6 where id = $7 and company_id = $1 returning id`
        : `insert into profile (company_id, code, customer, nominal_kg_m, alloy_id, drawing_file_id) values ($1, $2, $3, $4, $5, $6) returning id`,
      [
        scope.companyId,
        code,
        text(values.fields.customer).slice(0, 120),
        num(values.fields.kg_per_m),
        alloy,
        context.fileId,
        ...(existing ? [existing.id] : []),
      ],
    );
    if (values.rows.length > 0) {
      const labels = new Set<string>();
      const errors: Record<string, string> = {};
      for (const row of values.rows) {
        const label = text(row.name).slice(0, 10);
        if (labels.has(label)) errors[`rows.${row._index}.name`] = `La cota ${label} está repetida`;
        if ((num(row.nominal_mm) ?? 0) <= 0) errors[`rows.${row._index}.nominal_mm`] = uploadMessages.number;
        labels.add(label);
      }
      if (Object.keys(errors).length > 0) throw fieldsError(errors);
      await scope.manager.query(`delete from profile_dimension where profile_id = $1`, [id]);
      for (const row of values.rows)
        await scope.manager.query(
          `insert into profile_dimension (company_id, profile_id, label, nominal_mm, tol_minus_mm, tol_plus_mm) values ($1, $2, $3, $4, $5, $6)`,
          [
            scope.companyId,
            id,
            text(row.name).slice(0, 10),
            num(row.nominal_mm),
            Math.abs(num(row.tolerance_minus_mm)!),
            Math.abs(num(row.tolerance_plus_mm)!),
          ],
        );
    }
    context.links.push({ entity: 'profile', entity_id: id, label: code, action: existing ? 'updated' : 'created' });
  }

  /** An order to plan, with the die and alloy of the catalogue. */
  private async productionOrder(context: ConfirmContext, values: CheckedValues): Promise<void> {
    const { scope } = context;
    const [die] = await this.catalogueDies(context, [{ ...values.fields, _index: -1 }], 'die_reference', 'fields.die_reference');
    const alloy = await alloyId(scope, text(values.fields.alloy), '');
    const finish = text(values.fields.finish)
      ? ((
          await scope.manager.query(`select id from finish where company_id = $1 and lower(name) = lower($2) limit 1`, [
            scope.companyId,
            text(values.fields.finish),
          ])
        )[0]?.id ?? null)
      : null;
    const parsed = orderSchema.safeParse({
      number: text(values.fields.order_number),
      customer: text(values.fields.customer),
      profile: text(values.fields.profile_code),
      die_id: die.id,
      alloy_id: alloy ?? 0,
      finish_id: finish,
      length_mm: num(values.fields.length_mm),
      quantity_pieces: num(values.fields.pieces),
      quantity_kg: num(values.fields.kg),
      due_date: text(values.fields.due_date),
      line_id: null,
    });
    if (!parsed.success) throw fieldsError(collect({}, parsed.error, (field) => `fields.${ORDER_FIELD_OF[field] ?? field}`));
    const order = await createOrder(scope, parsed.data);
    context.links.push({ entity: 'production_order', entity_id: order.id, label: order.number, action: 'created' });
  }

  /**
   * The plant's die list: copies not yet in the catalogue are received with their totals (as
   * dies in stock, 'nueva' when they carry no totals); known ones take the sheet's location.
   */
  private async dieInventory(context: ConfirmContext, values: CheckedValues): Promise<void> {
    const { scope, caller } = context;
    const errors: Record<string, string> = {};
    const seen = new Set<string>();
    for (const row of values.rows) {
      const die = row.die_reference as DieName;
      if (seen.has(dieLabel(die))) errors[`rows.${row._index}.die_reference`] = `La matriz ${dieLabel(die)} está repetida`;
      seen.add(dieLabel(die));
    }
    if (Object.keys(errors).length > 0) throw fieldsError(errors);
    for (const row of values.rows) {
      const die = row.die_reference as DieName;
      const known = await findDie(scope, die);
      if (known) {
        if (text(row.location)) await this.dies.updateIn(scope, caller, known.id, { location: text(row.location).slice(0, 60) });
        context.links.push({ entity: 'die', entity_id: known.id, label: dieLabel(die), action: 'updated' });
        continue;
      }
      const parsed = dieCopyCreateSchema.safeParse({
        die_reference: die.reference,
        copy_number: die.copy,
        die_type: text(row.die_type) || 'solid',
        profile_id: await profileId(scope, text(row.profile_code)),
        location: text(row.location).slice(0, 60),
      });
      if (!parsed.success) {
        collect(errors, parsed.error, (field) => `rows.${row._index}.${ROW_FIELD_OF[field] ?? 'die_reference'}`);
        continue;
      }
      const created = await this.dies.createIn(scope, caller, parsed.data, 'Alta desde el inventario cargado');
      const billets = num(row.billets_total) ?? 0;
      const kg = num(row.kg_total) ?? 0;
      if (billets > 0 || kg > 0) {
        await scope.manager.query(`update die set billets_total = $2, kg_total = $3, state = 'in_stock', state_since = now() where id = $1`, [
          created.id,
          billets,
          kg,
        ]);
        await scope.manager.query(
          `insert into die_event (company_id, die_id, user_id, kind, from_state, to_state, note) values ($1, $2, $3, 'move', 'new', 'in_stock', $4)`,
          [scope.companyId, created.id, caller.userId, `En servicio según el inventario: ${billets} tochos, ${kg} kg`],
        );
      }
      context.links.push({ entity: 'die', entity_id: created.id, label: dieLabel(die), action: 'created' });
    }
    if (Object.keys(errors).length > 0) throw fieldsError(errors);
  }

  /** The catalogue's die of each row's reference (a scrapped copy is no die to work on). */
  private async catalogueDies(context: ConfirmContext, rows: Row[], key: string, errorName?: string): Promise<(CatalogueDie & { label: string; row: Row })[]> {
    const errors: Record<string, string> = {};
    const found: (CatalogueDie & { label: string; row: Row })[] = [];
    for (const row of rows) {
      const die = row[key] as DieName;
      const known = await findDie(context.scope, die);
      if (!known || known.state === 'scrapped') errors[errorName ?? `rows.${row._index}.${key}`] = uploadMessages.dieUnknown(dieLabel(die));
      else found.push({ ...known, label: dieLabel(die), row });
    }
    if (Object.keys(errors).length > 0) throw fieldsError(errors);
    return found;
  }

  /** Every value confirmed beside the one read; the corrected ones, for the company's audit trail. */
  private async writeAudit(
    scope: TenantScope,
    caller: RequestIdentity,
    uploadId: number,
    input: UploadValues,
    draft: { fields: ExtractedFieldView[]; rows: ExtractedFieldView[][] } | null,
  ): Promise<{ name: string; extracted: string | null; confirmed: string | null }[]> {
    const spec = DOCUMENT_TYPE_SPECS[input.doc_type];
    const read = new Map((draft?.fields ?? []).map((field) => [field.key, field.value]));
    const entries: { key: string; row: number | null; extracted: string | null; confirmed: string | null }[] = spec.fields.map((field) => ({
      key: field.key,
      row: null,
      extracted: read.get(field.key) ?? null,
      confirmed: blankToNull(input.fields[field.key]),
    }));
    const rowCount = Math.max(input.rows.length, draft?.rows.length ?? 0);
    for (let index = 0; index < rowCount && spec.rows; index += 1) {
      const readRow = new Map((draft?.rows[index] ?? []).map((field) => [field.key, field.value]));
      for (const field of spec.rows.fields)
        entries.push({ key: field.key, row: index, extracted: readRow.get(field.key) ?? null, confirmed: blankToNull(input.rows[index]?.[field.key]) });
    }
    const kept = entries.filter((entry) => entry.extracted !== null || entry.confirmed !== null);
    for (const entry of kept)
      await scope.manager.query(
        `insert into document_upload_audit (company_id, upload_id, field_key, row_index, extracted, confirmed, corrected, user_id) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [scope.companyId, uploadId, entry.key, entry.row, entry.extracted, entry.confirmed, entry.extracted !== entry.confirmed, caller.userId],
      );
    return kept
      .filter((entry) => entry.extracted !== entry.confirmed)
      .map((entry) => ({
        name: entry.row === null ? entry.key : `${entry.key} (fila ${entry.row + 1})`,
        extracted: entry.extracted,
        confirmed: entry.confirmed,
      }));
  }
}

interface ConfirmContext {
  scope: TenantScope;
  caller: RequestIdentity;
  uploadId: number;
  fileId: number;
  links: UploadLink[];
}

const blankToNull = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

/** The die schemas' field names in the document's row names. */
const ROW_FIELD_OF: Record<string, string> = {
  die_reference: 'die_reference',
  copy_number: 'die_reference',
  die_type: 'die_type',
  profile_id: 'profile_code',
  cavities: 'cavities',
  diameter_mm: 'diameter_mm',
  thickness_mm: 'thickness_mm',
  cost: 'cost',
  steel: 'steel',
  location: 'location',
};
const ORDER_FIELD_OF: Record<string, string> = {
  number: 'order_number',
  customer: 'customer',
  profile: 'profile_code',
  die_id: 'die_reference',
  alloy_id: 'alloy',
  finish_id: 'finish',
  length_mm: 'length_mm',
  quantity_pieces: 'pieces',
  quantity_kg: 'kg',
  due_date: 'due_date',
};

function collect(errors: Record<string, string>, error: z.ZodError, name: (field: string) => string): Record<string, string> {
  for (const issue of error.issues) errors[name(String(issue.path[0] ?? ''))] ??= issue.message;
  return errors;
}

const withoutEmpty = <T extends Record<string, unknown>>(values: T) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));

function diesOf(values: CheckedValues): string {
  const dies = [values.fields.die_reference, ...values.rows.map((row) => row.die_reference)].filter(
    (die): die is DieName => typeof die === 'object' && die !== null,
  );
  return [...new Set(dies.map(dieLabel))].join(', ');
}

async function findDie(scope: TenantScope, die: DieName): Promise<CatalogueDie | null> {
  const [row]: CatalogueDie[] = await scope.manager.query(
    `select id, state from die where company_id = $1 and upper(die_reference) = upper($2) and copy_number = $3 for update`,
    [scope.companyId, die.reference, die.copy],
  );
  return row ?? null;
}

async function profileId(scope: TenantScope, code: string): Promise<number | null> {
  if (!code) return null;
  const [row]: { id: number }[] = await scope.manager.query(`select id from profile where company_id = $1 and upper(code) = upper($2)`, [
    scope.companyId,
    code,
  ]);
  return row?.id ?? null;
}

/** An alloy written '6063 T5', '6063-T5' or '6063': the catalogue's, with the temper when one is given. */
async function alloyId(scope: TenantScope, alloy: string, temper: string): Promise<number | null> {
  const match = /(\d{4})\s*[-/ ]?\s*(T\d+)?/i.exec(alloy);
  if (!match) return null;
  const wanted = (match[2] ?? temper ?? '').toUpperCase();
  const [row]: { id: number }[] = await scope.manager.query(
    `select id from aluminum_alloy where company_id = $1 and designation = $2 order by (upper(temper) = $3) desc, id limit 1`,
    [scope.companyId, match[1], wanted],
  );
  return row?.id ?? null;
}
