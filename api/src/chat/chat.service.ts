import { HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { LessThan, type FindOptionsWhere } from 'typeorm';
import {
  isColleague,
  liveEvents,
  messages,
  type ChatContact,
  type ChatDialogQuery,
  type ChatMessage,
  type ChatUser,
  type ContactStatus,
  type MarkAsReadRequest,
  type MarkAsReadResponse,
  type SendMessageRequest,
  type SendMessageResponse,
} from '@planta/contracts';
import { fieldError } from '../common/field-error';
import { DieEntity } from '../dieshop/die.entity';
import { PresenceService } from '../realtime/presence.service';
import { RealtimeService } from '../realtime/realtime.service';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb } from '../tenancy/tenant-db.service';
import { UserEntity } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { ChatMessageEntity } from './chat-message.entity';

type MessageRow = Pick<ChatMessageEntity, 'id' | 'from_user' | 'to_user' | 'message' | 'is_read' | 'die_id' | 'created_at'>;

const toChatMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  from_user: row.from_user,
  to_user: row.to_user,
  message: row.message,
  time: new Date(row.created_at).toISOString(),
  is_read: row.is_read,
  die_id: row.die_id,
});

/** What colleagues see: the chosen status while connected, offline otherwise. */
const statusOf = (chosen: ContactStatus, connected: boolean): ContactStatus => (connected ? chosen : 'offline');

interface ContactRow {
  id: number;
  full_name: string;
  profile_image: string | null;
  chat_status: ContactStatus;
  unread: number;
  last_id: number | null;
  last_from: number;
  last_to: number;
  last_message: string;
  last_is_read: boolean;
  last_die_id: number | null;
  last_at: Date;
  roles: string[];
}

/** Chat between colleagues of the active company: contacts, dialogs, sending and reading. */
@Injectable()
export class ChatService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly users: UsersService,
    private readonly presence: PresenceService,
    private readonly realtime: RealtimeService,
  ) {}

  /**
   * The company's colleagues other than `userId` (not guest accounts, who do not chat), each with
   * status, unread count and the last message of the dialog; the most recent conversations first.
   */
  async contacts(companyId: number, userId: number, search?: string): Promise<ChatContact[]> {
    const [list] = await this.contactLists(companyId, [userId], search);
    return list;
  }

  /** The contact lists of several members of one company, read in one transaction (a send refreshes two). */
  private contactLists(companyId: number, userIds: number[], search?: string): Promise<ChatContact[][]> {
    return this.tenantDb.transaction(async ({ manager }) => {
      const online = await this.presence.onlineUserIds(companyId, manager);
      const lists: ChatContact[][] = [];
      for (const userId of userIds) {
        const rows: ContactRow[] = await manager.query(
          `select u.id, u.display_name as full_name, u.photo_url as profile_image, u.chat_status,
             (select count(*)::int from chat_message m where m.company_id = $1 and m.to_user = $2 and m.from_user = u.id and not m.is_read) as unread,
             last.id as last_id, last.from_user as last_from, last.to_user as last_to, last.message as last_message,
             last.is_read as last_is_read, last.die_id as last_die_id, last.created_at as last_at,
             array(select role.name from company_member_role held join role on role.id = held.role_id
                    where held.user_id = u.id and held.company_id = cm.company_id) as roles
           from active_member cm
           join app_user u on u.id = cm.user_id
           left join lateral (
             select m.* from chat_message m
             where m.company_id = $1 and least(m.from_user, m.to_user) = least($2::int, u.id) and greatest(m.from_user, m.to_user) = greatest($2::int, u.id)
             order by m.id desc limit 1
           ) last on true
           where cm.company_id = $1 and u.id <> $2 and ($3::text is null or u.display_name ilike $3)
           order by last.id desc nulls last, u.display_name`,
          [companyId, userId, search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null],
        );
        lists.push(rows.filter((row) => isColleague(row.roles)).map((row) => toContact(row, online)));
      }
      return lists;
    }, companyId);
  }

  async user(identity: RequestIdentity): Promise<ChatUser> {
    const user = await this.users.findActive(identity.userId);
    if (!user) throw new NotFoundException(messages.notFound);
    return this.toChatUser(user);
  }

  async setStatus(identity: RequestIdentity, status: ContactStatus): Promise<ChatUser> {
    return this.toChatUser(await this.users.updateChatStatus(identity.userId, status));
  }

  /** The dialog with one colleague, newest first, a page before the message id `before`. */
  async dialog(identity: RequestIdentity, contactId: number, query: ChatDialogQuery): Promise<ChatMessage[]> {
    if (!(await this.chatsWith(identity, contactId))) throw new NotFoundException(messages.notFound);
    const before = query.before === undefined ? {} : { id: LessThan(query.before) };
    const where: FindOptionsWhere<ChatMessageEntity>[] = [
      { from_user: identity.userId, to_user: contactId, ...before },
      { from_user: contactId, to_user: identity.userId, ...before },
    ];
    const rows = await this.tenantDb.repository(ChatMessageEntity).find({ where, order: { id: 'DESC' }, take: query.limit });
    return rows.map(toChatMessage);
  }

  /** Stores the message as typed, then tells the recipient and refreshes both contact lists live. */
  async send(identity: RequestIdentity, request: SendMessageRequest): Promise<SendMessageResponse> {
    const { companyId, userId } = identity;
    if (request.from_user !== userId) throw fieldError('from_user', messages.chatSenderNotCaller, HttpStatus.FORBIDDEN);
    if (request.to_user === userId) throw fieldError('to_user', messages.chatToYourself);
    if (!(await this.chatsWith(identity, request.to_user))) throw fieldError('to_user', messages.chatRecipientNotColleague);
    const row = await this.tenantDb.transaction(async (scope) => {
      // Another company's die answers exactly like a missing one.
      if (request.die_id && (await scope.repository(DieEntity).count({ id: request.die_id })) === 0) throw fieldError('die_id', messages.chatDieNotFound);
      return scope
        .repository(ChatMessageEntity)
        .create({ from_user: userId, to_user: request.to_user, message: request.message, die_id: request.die_id ?? null });
    });
    const message = toChatMessage(row);
    const [senderList, recipientList] = await this.contactLists(companyId, [userId, request.to_user]);
    const sender = recipientList.find((contact) => contact.id === userId);
    const to = request.to_user;
    this.realtime.toUser(
      to,
      liveEvents.newMessage(to),
      { text: sender ? messages.chatNewMessageFrom(sender.full_name) : messages.chatNewMessage, variant: 'info', message },
      companyId,
    );
    this.realtime.toUser(to, liveEvents.userMessages(to), recipientList, companyId);
    this.realtime.toUser(userId, liveEvents.userMessages(userId), senderList, companyId);
    return { message, userChatList: senderList };
  }

  /** Marks read what `from_user` sent the caller; only the recipient may. */
  async markAsRead(identity: RequestIdentity, request: MarkAsReadRequest): Promise<MarkAsReadResponse> {
    if (request.to_user !== identity.userId) throw fieldError('to_user', messages.chatReaderNotCaller, HttpStatus.FORBIDDEN);
    const updated = await this.tenantDb.transaction(async ({ manager, companyId }) => {
      const result = await manager
        .createQueryBuilder()
        .update(ChatMessageEntity)
        .set({ is_read: true })
        .where('company_id = :companyId and from_user = :from and to_user = :to and not is_read', { companyId, from: request.from_user, to: identity.userId })
        .execute();
      return result.affected ?? 0;
    });
    return { updated, userChatList: await this.contacts(identity.companyId, identity.userId) };
  }

  /** Whether `userId` is another active colleague of the caller's company (a guest account does not chat). */
  private async chatsWith(identity: RequestIdentity, userId: number): Promise<boolean> {
    if (userId === identity.userId) return false;
    const member = await this.users.activeMember(userId, identity.companyId);
    return member !== null && isColleague(member.roles);
  }

  private toChatUser(user: UserEntity): ChatUser {
    return { id: user.id, full_name: user.display_name, profile_image: user.photo_url, status: user.chat_status };
  }
}

function toContact(row: ContactRow, online: Set<number>): ChatContact {
  return {
    id: row.id,
    full_name: row.full_name,
    profile_image: row.profile_image,
    status: statusOf(row.chat_status, online.has(row.id)),
    unread: row.unread,
    dialog:
      row.last_id === null
        ? []
        : [
            toChatMessage({
              id: row.last_id,
              from_user: row.last_from,
              to_user: row.last_to,
              message: row.last_message,
              is_read: row.last_is_read,
              die_id: row.last_die_id,
              created_at: row.last_at,
            }),
          ],
  };
}
