/**
 * The PostgreSQL channel on which a user's access changes are announced, with the user id as the
 * payload: triggers on app_user (active, and what a request's identity holds: email and a pending
 * password change), company (active), company_member, user_role and company_member_role notify it
 * whoever makes the change (an API process, an administrator in SQL). Every API process listens
 * to it to check that user's sockets at once (realtime/realtime-access.service.ts) and to forget
 * who that user was (users/member-cache.service.ts).
 */
export const ACCESS_CHANGED_CHANNEL = 'planta_access_changed';

/**
 * The channel on which a company's page grants change, with the company id as the payload ('*':
 * every company's, a page or a built-in role renamed): triggers on page_role, role and page
 * notify it, and every API process forgets the grants it holds (permissions/grant-cache.service.ts).
 */
export const GRANTS_CHANGED_CHANNEL = 'planta_grants_changed';
