import { z } from 'zod';
import { bodyInteger, boundedJson, idSchema, imageUrl, listQuerySchema, nameText, queryInteger, safeText, trimmedText } from './common.schema';
import { messages } from './messages';

const emailField = trimmedText({ error: messages.required })
  .min(1, messages.required)
  .min(4, messages.emailMinLength)
  .max(254, messages.tooLong(254))
  .email(messages.emailFormat);

/** Spec 5: login email and password rules with their exact Spanish messages. */
export const loginRequestSchema = z.object({
  email: emailField,
  password: safeText({ error: messages.required }).min(1, messages.required).min(4, messages.passwordMinLength).max(128, messages.tooLong(128)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** New passwords: at least 8 characters (weak-password otherwise). */
export const newPasswordSchema = safeText({ error: messages.required }).min(1, messages.required).min(8, messages.weakPassword).max(128, messages.tooLong(128));

/** Spec 5 (register) plus the company the registering person creates and administers. */
export const registerRequestSchema = z
  .object({
    displayName: nameText({ error: messages.required }).min(1, messages.required).min(4, messages.displayNameMinLength).max(100, messages.tooLong(100)),
    email: trimmedText({ error: messages.required }).min(1, messages.required).max(254, messages.tooLong(254)).email(messages.registerEmail),
    password: newPasswordSchema,
    passwordConfirm: safeText({ error: messages.required }).min(1, messages.required).max(128, messages.tooLong(128)),
    companyName: nameText({ error: messages.companyNameRequired }).min(1, messages.companyNameRequired).max(120, messages.tooLong(120)),
    /** Needed when registration is by invitation only: the code of the invitation link. */
    invitation: trimmedText().max(128, messages.tooLong(128)).optional(),
  })
  .refine((value) => value.password === value.passwordConfirm, { message: messages.passwordsDoNotMatch, path: ['passwordConfirm'] });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** Who may register a new company on this installation (configuration `REGISTRATION`). */
export const REGISTRATION_MODES = ['open', 'closed', 'invitation'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];
export const registrationPolicySchema = z.object({ mode: z.enum(REGISTRATION_MODES) });
export type RegistrationPolicy = z.infer<typeof registrationPolicySchema>;

/** An administrator invites another company to register (when registration is by invitation). */
export const createInvitationRequestSchema = z.object({
  days: bodyInteger({ min: 1, max: 30, message: messages.wholeNumber }).default(7),
  note: nameText().max(200, messages.tooLong(200)).optional(),
});
export const invitationResponseSchema = z.object({
  code: z.string(),
  expires_at: z.string(),
  /** The address to hand on: the registration page with the code filled in. */
  link: z.string(),
});

/** Spec 7: sign in again with a stored token. */
export const tokenSignInRequestSchema = z.object({
  token: safeText({ error: messages.required }).min(1, messages.required).max(4096),
  email: trimmedText({ error: messages.required }).min(1, messages.required).max(254),
  accessUrl: safeText().max(2048).optional(),
});
export type TokenSignInRequest = z.infer<typeof tokenSignInRequestSchema>;

/** Spec 7: guest sign-in with a share token. */
export const shareTokenSignInRequestSchema = z.object({
  token: safeText({ error: messages.required }).min(1, messages.required).max(4096),
});
export type ShareTokenSignInRequest = z.infer<typeof shareTokenSignInRequestSchema>;

export const layoutStyleSchema = z.enum(['layout1', 'layout2', 'layout3']);

/** A key of the free-form layout configuration: a plain identifier (never `__proto__`). */
const settingsKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, messages.validationFailed);
const themeName = safeText().max(40, messages.tooLong(40));

/**
 * The user's own settings (spec 3): theme names and layout style, persisted per user and sent
 * back with every sign-in, so bounded as a whole (16 KB of JSON, 8 levels, 400 keys: FREE_FORM_LIMITS).
 */
export const userSettingsSchema = boundedJson(
  z
    .object({
      layout: z
        .object({ style: layoutStyleSchema.optional(), config: z.record(settingsKey, z.unknown(), { error: messages.validationFailed }).optional() })
        .partial()
        .optional(),
      theme: z.object({ main: themeName, navbar: themeName, toolbar: themeName, footer: themeName }).partial().optional(),
      direction: z.enum(['ltr', 'rtl']).optional(),
      animations: z.boolean().optional(),
      language: safeText().max(10, messages.tooLong(10)).optional(),
    })
    .strict(),
);
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const shortcutsSchema = z.array(safeText().min(1, messages.required).max(80, messages.tooLong(80))).max(50, messages.tooLong(50));

/** Spec 3 user: `role` list, provider, ids and the profile data. */
export const userSchema = z.object({
  uuid: z.string(),
  uid: z.string(),
  from: z.enum(['api', 'firebase', 'auth0']),
  role: z.array(z.string()),
  data: z.object({
    id: z.number().int(),
    company_id: z.number().int(),
    companyId: z.number().int(),
    displayName: z.string(),
    position: z.string().nullable(),
    photoURL: z.string().nullable(),
    email: z.string(),
    settings: userSettingsSchema,
    shortcuts: z.array(z.string()),
  }),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ user: userSchema, access_token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * Spec 7 `POST /api/auth/user/update` {user}: only display name, photo, settings and shortcuts
 * of the signed-in user are taken; anything else in the body is ignored.
 */
export const userUpdateRequestSchema = z.object({
  user: z.object({
    data: z
      .object({
        displayName: nameText({ error: messages.required }).min(1, messages.required).max(100, messages.tooLong(100)),
        /** What the avatar shows: an http(s) address or an image data URL; null takes it away. */
        photoURL: imageUrl(2048).nullable(),
        settings: userSettingsSchema,
        shortcuts: shortcutsSchema,
      })
      .partial(),
  }),
});
export type UserUpdateRequest = z.infer<typeof userUpdateRequestSchema>;

/** What a verified access token carries. */
export interface AccessTokenClaims {
  sub: string;
  uuid: string;
  roles: string[];
  company_id: number;
  /** Present on guest tokens: the one resource the token opens. */
  share?: { type: ShareResourceType; id: number };
  /** The account's session version the token was issued under (a password change or reset moves it on). */
  sv?: number;
  /** The sign-in this token continues: renewed tokens and company switches keep it. */
  sid?: string;
}

export const SHARE_RESOURCE_TYPES = ['die-summary', 'correction-record', 'correction-report'] as const;
export const shareResourceTypeSchema = z.enum(SHARE_RESOURCE_TYPES);
export type ShareResourceType = z.infer<typeof shareResourceTypeSchema>;

/**
 * What a link shows beyond the record itself, as its creator chose (issue 36): without them a
 * guest reads no internal discussion and no person's name.
 */
const shareIncludes = {
  /** The record's internal discussion (its comments), with people's names only if those are included too. */
  include_discussion: z.boolean().default(false),
  /** People's names: who reported, who corrects, who did what in the die's log, who wrote each comment. */
  include_names: z.boolean().default(false),
};

/** Create a read-only share link for one resource. */
export const createShareTokenRequestSchema = z.object({
  resource_type: shareResourceTypeSchema,
  resource_id: idSchema,
  /** Hours until the link stops working: 1 hour to 30 days, a week by default. */
  expires_in_hours: bodyInteger({ min: 1, max: 720, message: messages.wholeNumberBetween(1, 720) }).default(168),
  ...shareIncludes,
});
export type CreateShareTokenRequest = z.infer<typeof createShareTokenRequestSchema>;

/** A link still valid (neither revoked nor expired), as its creator and the company's share-link administrators see it. */
export const shareLinkRowSchema = z.object({
  id: z.number().int(),
  resource_type: shareResourceTypeSchema,
  resource_id: z.number().int(),
  /** The die's label ('EN-1042-1') or the correction's number; null when the resource is gone. */
  resource_label: z.string().nullable(),
  /** The attempt's number, for a link to a correction report. */
  attempt_no: z.number().int().nullable(),
  created_by: z.number().int(),
  created_by_name: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  include_discussion: z.boolean(),
  include_names: z.boolean(),
});
export type ShareLinkRow = z.infer<typeof shareLinkRowSchema>;

/** A new link: its token is shown this once (only its hash is kept). */
export const shareTokenResponseSchema = shareLinkRowSchema.extend({ token: z.string() });
export type ShareTokenResponse = z.infer<typeof shareTokenResponseSchema>;

/** `GET /api/share-token/all`: the caller's own links, or every link of the company for its share-link administrators; of one resource when both are given. */
export const shareLinkListQuerySchema = listQuerySchema.extend({
  resource_type: shareResourceTypeSchema.optional(),
  resource_id: queryInteger().optional(),
});
export type ShareLinkListQuery = z.infer<typeof shareLinkListQuerySchema>;

/**
 * Who may end a link early: its creator, or whoever administers the company's share links (the
 * delete grant of the 'share-links' page; by default the admin role).
 */
export const mayRevokeShareLink = (link: Pick<ShareLinkRow, 'created_by'>, caller: { userId: number; administersShareLinks: boolean }): boolean =>
  link.created_by === caller.userId || caller.administersShareLinks;
