import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DOCUMENT_TYPES, sqlValues, UPLOAD_KINDS, UPLOAD_STATUSES } from '@planta/contracts';
import { enableTenantPolicy } from '../tenant-policy';

/** New company-owned tables, in creation order. */
const TABLES = ['document_upload', 'document_upload_audit', 'document_upload_link', 'document_learning'];

/**
 * The upload agent (issue 15, domain.md D): an upload is a job (status 'uploaded' waits for a
 * process to claim it with SKIP LOCKED) and then a draft under review; its file is a stored_file
 * (company data in PostgreSQL, one per content). What the reader found (the text with boxes) is
 * kept so that a change of type re-extracts without reading again, and confirmed documents train
 * the type classifier. The audit keeps each confirmed value beside the one read; the links tie the
 * file to the records it made; the learning keeps each supplier's label synonyms per type.
 */
export class Uploads1764900000000 implements MigrationInterface {
  name = 'Uploads1764900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      create table document_upload (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        file_id int not null references stored_file(id) on delete restrict,
        file_name varchar(200) not null,
        kind varchar(10) not null check (kind in (${sqlValues(UPLOAD_KINDS)})),
        status varchar(20) not null default 'uploaded' check (status in (${sqlValues(UPLOAD_STATUSES)})),
        doc_type varchar(30) check (doc_type in (${sqlValues(DOCUMENT_TYPES)})),
        requested_type varchar(30) check (requested_type in (${sqlValues(DOCUMENT_TYPES)})),
        proposed_type varchar(30) check (proposed_type in (${sqlValues(DOCUMENT_TYPES)})),
        type_confidence numeric,
        confidence numeric,
        supplier varchar(120) not null default '',
        dies varchar(300) not null default '',
        page_count int,
        pages jsonb not null default '[]',
        text jsonb,
        draft jsonb,
        candidates jsonb not null default '{}',
        "values" jsonb,
        progress jsonb,
        error varchar(300),
        attempts int not null default 0,
        processing_started_at timestamptz,
        processing_ms int,
        uploaded_by int references app_user(id) on delete set null,
        uploaded_at timestamptz not null default now(),
        confirmed_by int references app_user(id) on delete set null,
        confirmed_at timestamptz,
        discarded_by int references app_user(id) on delete set null,
        discarded_at timestamptz,
        discard_reason varchar(300),
        search_text text not null default ''
      )`);
    await runner.query(`create index document_upload_company_uploaded on document_upload(company_id, uploaded_at desc)`);
    await runner.query(`create index document_upload_company_file on document_upload(company_id, file_id)`);
    // The queue: what waits to be read, or was claimed by a process that may have died.
    await runner.query(`create index document_upload_queue on document_upload(id) where status in ('uploaded', 'processing')`);
    await runner.query(`
      create table document_upload_audit (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        upload_id int not null references document_upload(id) on delete cascade,
        field_key varchar(40) not null,
        row_index int,
        extracted text,
        confirmed text,
        corrected boolean not null,
        user_id int references app_user(id) on delete set null,
        at timestamptz not null default now()
      )`);
    await runner.query(`create index document_upload_audit_upload on document_upload_audit(upload_id)`);
    await runner.query(`
      create table document_upload_link (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        upload_id int not null references document_upload(id) on delete cascade,
        entity varchar(30) not null check (entity in ('die', 'nitriding_batch', 'profile', 'production_order')),
        entity_id int not null,
        label varchar(120) not null,
        action varchar(10) not null check (action in ('created', 'updated'))
      )`);
    await runner.query(`create index document_upload_link_upload on document_upload_link(upload_id)`);
    await runner.query(`create index document_upload_link_entity on document_upload_link(company_id, entity, entity_id)`);
    await runner.query(`
      create table document_learning (
        company_id int not null references company(id) on delete cascade,
        supplier_key varchar(120) not null,
        doc_type varchar(30) not null check (doc_type in (${sqlValues(DOCUMENT_TYPES)})),
        synonyms jsonb not null default '{}',
        documents int not null default 0,
        updated_at timestamptz not null default now(),
        primary key (company_id, supplier_key, doc_type)
      )`);

    // Die technicians upload their paperwork: the user role writes on 'smart-upload' where it still
    // holds the read-only default (pages.ts USER_DIESHOP_WORK).
    await runner.query(
      `update page_role set "insert" = true, "update" = true
         from page, role
        where page.id = page_role.page_id and role.id = page_role.role_id and role.company_id is null and role.name = 'user'
          and page.alias = 'smart-upload'
          and page_role."read" and not page_role."insert" and not page_role."update" and not page_role."delete"`,
    );
    for (const table of TABLES) await enableTenantPolicy(runner, table);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [...TABLES].reverse()) await runner.query(`drop table if exists "${table}"`);
  }
}
