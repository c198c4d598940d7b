import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CHAT_MESSAGE_MAX_LENGTH } from '@planta/contracts';
import { enableTenantPolicy } from '../tenant-policy';

/** Realtime (socket.io adapter attachments, processes and presence), chat messages and notifications. */
export class RealtimeChatNotifications1763800000000 implements MigrationInterface {
  name = 'RealtimeChatNotifications1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    // The table @socket.io/postgres-adapter keeps payloads over NOTIFY's 8000-byte limit in.
    await runner.query(`
      create table socket_io_attachments (
        id bigserial unique,
        created_at timestamptz default now(),
        payload bytea
      )`);
    // One row per running API process, beaten every heartbeat: a silent process is a dead one.
    await runner.query(`
      create table realtime_process (
        id uuid primary key,
        started_at timestamptz not null default now(),
        last_seen timestamptz not null default now()
      )`);
    await runner.query(`create index realtime_process_last_seen on realtime_process(last_seen)`);
    // One row per connected socket; alive only while its process is.
    await runner.query(`
      create table presence (
        connection_id varchar(64) primary key,
        process_id uuid not null,
        company_id int not null references company(id) on delete cascade,
        user_id int not null references app_user(id) on delete cascade,
        connected_at timestamptz not null default now()
      )`);
    await runner.query(`create index presence_company_user on presence(company_id, user_id)`);
    await runner.query(`create index presence_process on presence(process_id)`);

    await runner.query(`alter table app_user add column chat_status varchar(20) not null default 'online'
      check (chat_status in ('online', 'away', 'do-not-disturb', 'offline'))`);
    await runner.query(`
      create table chat_message (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        from_user int not null references app_user(id) on delete cascade,
        to_user int not null references app_user(id) on delete cascade,
        message text not null check (char_length(message) between 1 and ${CHAT_MESSAGE_MAX_LENGTH}),
        die_id int references die(id) on delete set null,
        is_read boolean not null default false,
        created_at timestamptz not null default now(),
        check (from_user <> to_user)
      )`);
    // A dialog is the pair in either direction: paged newest first by id.
    await runner.query(`create index chat_message_dialog on chat_message(company_id, least(from_user, to_user), greatest(from_user, to_user), id desc)`);
    await runner.query(`create index chat_message_unread on chat_message(company_id, to_user, from_user) where not is_read`);
    await runner.query(`
      create table notification (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        user_id int not null references app_user(id) on delete cascade,
        text_message text not null,
        variant varchar(10) not null check (variant in ('success', 'warning', 'error', 'info')),
        is_read boolean not null default false,
        dismissed boolean not null default false,
        hypothalum_id int,
        correction_report_path varchar(500),
        correction_path varchar(500),
        created_at timestamptz not null default now()
      )`);
    await runner.query(`create index notification_user on notification(company_id, user_id, id desc)`);

    for (const table of ['presence', 'chat_message', 'notification']) {
      await enableTenantPolicy(runner, table);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['notification', 'chat_message', 'presence', 'realtime_process', 'socket_io_attachments']) {
      await runner.query(`drop table if exists "${table}"`);
    }
    await runner.query(`alter table app_user drop column if exists chat_status`);
  }
}
