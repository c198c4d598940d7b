import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ContactStatus, User, UserUpdateRequest } from '@planta/contracts';
import type { AccountSessions } from '../auth/session-version';
import { CompanyEntity } from '../companies/company.entity';
import { CompanyMemberEntity } from './company-member.entity';
import { UserEntity } from './user.entity';

/** An active user as an active member of one company, with role names sorted, and the account's sessions. */
export interface ActiveMember extends AccountSessions {
  id: number;
  uuid: string;
  email: string;
  companyId: number;
  roles: string[];
}

/** Users, their roles and the companies they belong to. None of these tables is one company's. */
@Injectable()
export class UsersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get users() {
    return this.dataSource.getRepository(UserEntity);
  }

  /** With the password hash, for sign-in only. */
  findForLogin(email: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('user').addSelect('user.password_hash').where('user.email = :email', { email: email.toLowerCase() }).getOne();
  }

  findActive(id: number): Promise<UserEntity | null> {
    if (!Number.isSafeInteger(id) || id <= 0) return Promise.resolve(null);
    return this.users.findOne({ where: { id, active: true } });
  }

  /**
   * Who a token's subject is in one company, in one query (it runs on every authenticated call):
   * an active user whose membership of that company is active, with role names sorted; null otherwise.
   */
  async activeMember(userId: number, companyId: number): Promise<ActiveMember | null> {
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    const [member] = await this.activeMembers([{ userId, companyId }]);
    return member ?? null;
  }

  /**
   * `activeMember` for many (user, company) pairs in one query (the sockets of a process are
   * checked this way): the pairs that still hold, each with its roles; the others are left out.
   */
  activeMembers(pairs: readonly { userId: number; companyId: number }[]): Promise<ActiveMember[]> {
    if (pairs.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `select u.id, u.uuid, u.email, m.company_id as "companyId",
              u.session_version as "sessionVersion", u.kept_session as "keptSession",
              array(${ROLES_HELD.replace('$user', 'u.id').replace('$company', 'm.company_id')}) as roles
         from unnest($1::int[], $2::int[]) as pair(user_id, company_id)
         join active_member m on m.user_id = pair.user_id and m.company_id = pair.company_id
         join app_user u on u.id = m.user_id
         join company c on c.id = m.company_id and c.active`,
      [pairs.map((pair) => pair.userId), pairs.map((pair) => pair.companyId)],
    );
  }

  async isMember(userId: number, companyId: number, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return (await manager.count(CompanyMemberEntity, { where: { user_id: userId, company_id: companyId } })) > 0;
  }

  /** The names of the roles a user holds in one company, sorted. */
  async rolesIn(userId: number, companyId: number, manager: EntityManager = this.dataSource.manager): Promise<string[]> {
    const [{ roles }] = await manager.query(`select array(${ROLES_HELD.replace('$user', '$1').replace('$company', '$2')}) as roles`, [userId, companyId]);
    return roles;
  }

  /**
   * Companies a user may choose: the active ones where their membership is active (issue 36: a
   * person invited to another company works there too, whatever their roles).
   */
  async selectableCompanies(user: Pick<UserEntity, 'id'>): Promise<CompanyEntity[]> {
    return this.dataSource.query(
      `select company.* from company
         join active_member member on member.company_id = company.id and member.user_id = $1
        where company.active
        order by company.name`,
      [user.id],
    );
  }

  /** The company a sign-in opens: the home company while it can be chosen, else the first that can; null when none can. */
  async signInCompany(user: Pick<UserEntity, 'id' | 'home_company_id'>): Promise<number | null> {
    const selectable = await this.selectableCompanies(user);
    return (selectable.find((company) => company.id === user.home_company_id) ?? selectable[0])?.id ?? null;
  }

  async updateOwnProfile(userId: number, data: UserUpdateRequest['user']['data']): Promise<UserEntity> {
    const changes: Partial<UserEntity> = {};
    if (data.displayName !== undefined) changes.display_name = data.displayName;
    if (data.photoURL !== undefined) changes.photo_url = data.photoURL;
    if (data.settings !== undefined) changes.settings = data.settings;
    if (data.shortcuts !== undefined) changes.shortcuts = [...new Set(data.shortcuts)];
    const user = await this.users.findOneOrFail({ where: { id: userId } });
    return Object.keys(changes).length > 0 ? this.users.save(this.users.merge(user, changes)) : user;
  }

  async updateChatStatus(userId: number, status: ContactStatus): Promise<UserEntity> {
    await this.users.update({ id: userId }, { chat_status: status });
    return this.users.findOneOrFail({ where: { id: userId } });
  }
}

/** The names of the roles `$user` holds in `$company` (a subquery: placeholders replaced by the caller). */
const ROLES_HELD = `select role.name from company_member_role held join role on role.id = held.role_id
   where held.user_id = $user and held.company_id = $company order by role.name`;

/** The user of spec section 3, as signed in to `companyId` with `roles` there. */
export function toUser(user: UserEntity, companyId: number, roles: readonly string[]): User {
  return {
    uuid: user.uuid,
    uid: user.uuid,
    from: 'api',
    role: [...roles],
    data: {
      id: user.id,
      company_id: companyId,
      companyId,
      displayName: user.display_name,
      position: user.position,
      photoURL: user.photo_url,
      email: user.email,
      settings: user.settings ?? {},
      shortcuts: user.shortcuts ?? [],
    },
  };
}
