/**
 * The PostgreSQL channel on which a user's access changes are announced, with the user id as the
 * payload: triggers on app_user (active), company (active), company_member and company_member_role notify it whoever makes
 * the change (an API process, an administrator in SQL), and every API process listens to it to
 * check that user's sockets at once (realtime/realtime-access.service.ts).
 */
export const ACCESS_CHANGED_CHANNEL = 'planta_access_changed';
