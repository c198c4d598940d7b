import { z } from 'zod';
import { newPasswordSchema } from './auth.schema';
import { idSchema, imageUrl, listQuerySchema, nameText, safeText } from './common.schema';
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
  active: z.boolean(),
  must_change_password: z.boolean(),
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
  /** An http(s) address or an image data URL; null for none. */
  photo_url: imageUrl(2048).nullable(),
  active: z.boolean(),
  /** Roles in the active company: built-in ones and the company's own. */
  role_ids: ids(50).min(1, messages.userRolesRequired),
  /** Companies among the administrator's own; the active company must stay. */
  company_ids: ids(100),
};

/** `POST /api/users`: a new user with a temporary password (typed, or generated when left out). */
export const userCreateSchema = z.object({
  email: safeText({ error: messages.required }).trim().min(1, messages.required).max(254, messages.tooLong(254)).email(messages.emailFormat),
  ...userFields,
  position: userFields.position.default(null),
  photo_url: userFields.photo_url.default(null),
  active: userFields.active.default(true),
  company_ids: userFields.company_ids.default([]),
  temporary_password: newPasswordSchema.optional(),
});
export type UserCreate = z.input<typeof userCreateSchema>;

/** `PATCH /api/users/:id`: any of the fields (the email stays). */
export const userUpdateSchema = z.object(userFields).partial();
export type UserUpdate = z.input<typeof userUpdateSchema>;

/** `POST /api/users/:id/reset-password`: a typed temporary password, or one generated. */
export const passwordResetSchema = z.object({ temporary_password: newPasswordSchema.optional() });
export type PasswordReset = z.input<typeof passwordResetSchema>;

/** A created user or a reset, with the temporary password shown this once. */
export const userWithPasswordSchema = z.object({ user: managedUserSchema, temporary_password: z.string() });
export type UserWithPassword = z.infer<typeof userWithPasswordSchema>;

/** `GET /api/users/all`: the list's query. */
export const userListQuerySchema = listQuerySchema;

/** `POST /api/auth/change-password`: the caller's own password (a temporary one first of all). */
export const passwordChangeSchema = z
  .object({
    current_password: safeText({ error: messages.required }).min(1, messages.required).max(128, messages.tooLong(128)),
    new_password: newPasswordSchema,
    confirm_password: safeText({ error: messages.required }).min(1, messages.required).max(128, messages.tooLong(128)),
  })
  .refine((value) => value.new_password === value.confirm_password, { message: messages.passwordsDoNotMatch, path: ['confirm_password'] })
  .refine((value) => value.new_password !== value.current_password, { message: messages.newPasswordSameAsCurrent, path: ['new_password'] });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
