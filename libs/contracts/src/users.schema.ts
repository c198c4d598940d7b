import { z } from 'zod';
import { newPasswordSchema } from './auth.schema';
import { idSchema, imageUrl, listQuerySchema, nameText, safeText, trimmedText } from './common.schema';
import { messages } from './messages';

/**
 * The users of the active company as the administration screen sees them (issue 11): roles are
 * those held in the active company; companies only those the administrator belongs to too.
 */
export const managedUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  display_name: z.string(),
  position: z.string().nullable(),
  photo_url: z.string().nullable(),
  /** The membership of the active company is active (issue 36: per company, by its administrators). */
  active: z.boolean(),
  /**
   * The caller may change what is the person's own (name, position, photo, password): they are
   * the person, or administer every company the person belongs to (issue 36).
   */
  identity_editable: z.boolean(),
  role_ids: z.array(z.number().int()),
  /** The names of `role_ids`, sorted (for the list and its search). */
  roles: z.array(z.string()),
  company_ids: z.array(z.number().int()),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

/** What the form offers: the roles of the active company and the administrator's own companies. */
export const userOptionsSchema = z.object({
  roles: z.array(z.object({ id: z.number().int(), name: z.string(), description: z.string(), built_in: z.boolean() })),
  companies: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type UserOptions = z.infer<typeof userOptionsSchema>;

const ids = (max: number) => z.array(idSchema, { error: messages.required }).max(max, messages.tooLong(max));

const userFields = {
  display_name: nameText({ error: messages.required }).min(1, messages.required).min(4, messages.displayNameMinLength).max(100, messages.tooLong(100)),
  position: nameText().max(100, messages.tooLong(100)).nullable(),
  /** An image data URL or a file uploaded here (`imageUrl`); null for none. */
  photo_url: imageUrl(2048).nullable(),
  active: z.boolean(),
  /** Roles in the active company: built-in ones and the company's own. */
  role_ids: ids(50).min(1, messages.userRolesRequired),
  /** Companies among the administrator's own; the active company must stay. */
  company_ids: ids(100),
};

/**
 * `POST /api/users`: invites a person to the active company (and others of the administrator's)
 * with roles (issue 36). Answered alike whether the address has an account elsewhere or not.
 */
export const userCreateSchema = z.object({
  email: trimmedText({ error: messages.required }).min(1, messages.required).max(254, messages.tooLong(254)).email(messages.emailFormat),
  display_name: userFields.display_name,
  position: userFields.position.default(null),
  role_ids: userFields.role_ids,
  company_ids: userFields.company_ids.default([]),
});
export type UserCreate = z.input<typeof userCreateSchema>;

/** `PATCH /api/users/:id`: any of the fields (the email stays). */
export const userUpdateSchema = z.object(userFields).partial();
export type UserUpdate = z.input<typeof userUpdateSchema>;

/**
 * A one-time link for one person: to accept an invitation or to choose a new password. Its path
 * is this portal's (`/invitation#…`, `/reset-password#…`: the token stays out of server logs);
 * shown once, until mail sends it to the person instead.
 */
export const accessLinkSchema = z.object({ path: z.string(), expires_at: z.string() });
export type AccessLink = z.infer<typeof accessLinkSchema>;

/** A reset: the user, whose password no longer works, and the link with which they choose a new one. */
export const userWithLinkSchema = z.object({ user: managedUserSchema, link: accessLinkSchema });
export type UserWithLink = z.infer<typeof userWithLinkSchema>;

/** An invitation not yet accepted, as the users screen lists it. */
export const userInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  display_name: z.string(),
  position: z.string().nullable(),
  role_ids: z.array(z.number().int()),
  roles: z.array(z.string()),
  company_ids: z.array(z.number().int()),
  created_at: z.string(),
  expires_at: z.string(),
  /** Who invited, as they are named now. */
  created_by_name: z.string(),
});
export type UserInvitation = z.infer<typeof userInvitationSchema>;

/** A new invitation or a new link for one, shown this once. */
export const userInvitationWithLinkSchema = z.object({ invitation: userInvitationSchema, link: accessLinkSchema });
export type UserInvitationWithLink = z.infer<typeof userInvitationWithLinkSchema>;

/** The token of a link, from the page it opens. */
export const accessTokenRequestSchema = z.object({
  token: safeText({ error: messages.linkInvalid }).min(1, messages.linkInvalid).max(100, messages.linkInvalid),
});

/** A password typed again: it must equal the one beside it. */
const confirmation = safeText({ error: messages.required }).min(1, messages.required).max(128, messages.tooLong(128));

/** What an invitation link shows before it is accepted. */
export const invitationPreviewSchema = z.object({ email: z.string(), display_name: z.string(), company_name: z.string(), expires_at: z.string() });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * `POST /api/auth/invitation/accept`: a new account chooses its password here; a person who has
 * an account already types its password (the same two fields either way).
 */
export const invitationAcceptSchema = accessTokenRequestSchema
  .extend({ password: newPasswordSchema, confirm_password: confirmation })
  .refine((value) => value.password === value.confirm_password, { message: messages.passwordsDoNotMatch, path: ['confirm_password'] });
export type InvitationAccept = z.infer<typeof invitationAcceptSchema>;

/** What a password-reset link shows before the new password is chosen. */
export const passwordResetPreviewSchema = z.object({ email: z.string(), display_name: z.string(), expires_at: z.string() });
export type PasswordResetPreview = z.infer<typeof passwordResetPreviewSchema>;

/** `POST /api/auth/password-reset`: the new password chosen with a reset link. */
export const passwordResetCompleteSchema = accessTokenRequestSchema
  .extend({ new_password: newPasswordSchema, confirm_password: confirmation })
  .refine((value) => value.new_password === value.confirm_password, { message: messages.passwordsDoNotMatch, path: ['confirm_password'] });
export type PasswordResetComplete = z.infer<typeof passwordResetCompleteSchema>;

/** `GET /api/users/all`: the list's query. */
export const userListQuerySchema = listQuerySchema;

/** `POST /api/auth/change-password`: the caller's own password, with the current one. */
export const passwordChangeSchema = z
  .object({
    current_password: safeText({ error: messages.required }).min(1, messages.required).max(128, messages.tooLong(128)),
    new_password: newPasswordSchema,
    confirm_password: confirmation,
  })
  .refine((value) => value.new_password === value.confirm_password, { message: messages.passwordsDoNotMatch, path: ['confirm_password'] })
  .refine((value) => value.new_password !== value.current_password, { message: messages.newPasswordSameAsCurrent, path: ['new_password'] });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
