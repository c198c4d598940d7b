import { HttpStatus, Injectable } from '@nestjs/common';
import {
  messages,
  type MarkNotificationReadRequest,
  type Notification,
  type NotificationLivePayload,
  type NotificationVariant,
  type NotifyingEvent,
} from '@planta/contracts';
import { fieldError } from '../common/field-error';
import { RealtimeService } from '../realtime/realtime.service';
import { requestContext, type RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';
import { NotificationEntity } from './notification.entity';

export interface NewNotification {
  /** The live event it goes out as (spec 7). */
  event: NotifyingEvent;
  text: string;
  variant: NotificationVariant;
  hypothalum_id?: number | null;
  correction_report_path?: string | null;
  correction_path?: string | null;
  /** The address of the record it is about (a failure report, a work order). */
  record_path?: string | null;
  /** Who mentioned the user (mentions only): the live event names them, and the shell raises a toast. */
  from?: number;
}

const LIST_LIMIT = 100;

const toNotification = (row: NotificationEntity): Notification => ({
  id: row.id,
  text_message: row.text_message,
  variant: row.variant,
  is_read: row.is_read,
  hypothalum_id: row.hypothalum_id,
  correction_report_path: row.correction_report_path,
  correctionPath: row.correction_path,
  dismissed: row.dismissed,
  created_at: row.created_at.toISOString(),
  record_path: row.record_path,
});

/** The one way to notify a user: stored first (the list survives a reload), then sent live. */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly realtime: RealtimeService,
  ) {}

  /** `companyId` defaults to the current request's company; pass it from work outside a request. */
  async notify(userId: number, notification: NewNotification, companyId = requestContext.current().companyId): Promise<Notification> {
    const stored = await this.tenantDb.transaction((scope) => this.storeIn(scope, userId, notification), companyId);
    stored.send();
    return stored.notification;
  }

  /**
   * Stores a notification in the transaction of the change it is about (it exists exactly when the
   * change does); `send` puts it out live and is called once that transaction has committed.
   */
  async storeIn(scope: TenantScope, userId: number, notification: NewNotification): Promise<{ notification: Notification; send: () => void }> {
    const row = await scope.repository(NotificationEntity).create({
      user_id: userId,
      text_message: notification.text,
      variant: notification.variant,
      hypothalum_id: notification.hypothalum_id ?? null,
      correction_report_path: notification.correction_report_path ?? null,
      correction_path: notification.correction_path ?? null,
      record_path: notification.record_path ?? null,
    });
    const [sender] =
      notification.from === undefined
        ? []
        : await scope.manager.query<{ display_name: string }[]>(`select display_name from app_user where id = $1`, [notification.from]);
    const from = sender?.display_name;
    const payload: NotificationLivePayload = {
      text: row.text_message,
      variant: row.variant,
      id: row.id,
      ...(row.correction_path ? { correctionPath: row.correction_path } : {}),
      ...(row.hypothalum_id !== null ? { hypothalum_id: row.hypothalum_id } : {}),
      ...(row.record_path ? { record_path: row.record_path } : {}),
      ...(from ? { from } : {}),
    };
    const companyId = scope.companyId;
    return { notification: toNotification(row), send: () => this.realtime.toUser(userId, notification.event, payload, companyId) };
  }

  /** The caller's unread notifications, newest first. */
  async unread(identity: RequestIdentity, userId?: number): Promise<Notification[]> {
    if (userId !== undefined && userId !== identity.userId) throw fieldError('userId', messages.notificationsOnlyYours, HttpStatus.FORBIDDEN);
    const rows = await this.tenantDb
      .repository(NotificationEntity)
      .find({ where: { user_id: identity.userId, is_read: false }, order: { id: 'DESC' }, take: LIST_LIMIT });
    return rows.map(toNotification);
  }

  /** Marks one of the caller's notifications read (and dismissed when the client says so); anyone else's is not found. */
  async markRead(identity: RequestIdentity, request: MarkNotificationReadRequest): Promise<Notification> {
    return this.tenantDb.transaction(async (scope) => {
      const notifications = scope.repository(NotificationEntity);
      const [own] = await notifications.find({ where: { id: request.id, user_id: identity.userId } });
      if (!own) throw fieldError('id', messages.notFound, HttpStatus.NOT_FOUND);
      return toNotification(await notifications.update(own.id, { is_read: true, ...(request.dismissed === true ? { dismissed: true } : {}) }));
    });
  }
}
