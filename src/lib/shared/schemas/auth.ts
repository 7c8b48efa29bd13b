import { z } from 'zod';
import { messages } from '../messages.ts';
import { isMediaPath } from './media-path.ts';

/**
 * Account forms and API bodies (docs/product.md §5, §7 Auth). The API parses the request schemas; the forms
 * parse the `*FormSchema` variants, which add the confirmation fields the API never receives.
 */
/** docs/product.md §5 fixes the minimum; the maximum keeps argon2 work bounded (docs/security.md 2). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
/** RFC 5321 caps a forward path at 254 characters. */
export const EMAIL_MAX = 254;
/** Mailed tokens are base64url of 32 random bytes (43 chars); anything far longer is noise. */
const TOKEN_MAX = 200;

const text = messages.auth;

/** No trimming and no composition rules: every character counts (docs/security.md 2). */
export const passwordSchema = z
  .string({ error: text.passwordRequired })
  .min(PASSWORD_MIN, text.passwordTooShort)
  .max(PASSWORD_MAX, text.passwordTooLong);

/** A password typed to prove who you are: any non-empty string up to the cap. */
const currentPasswordSchema = z
  .string({ error: text.passwordRequired })
  .min(1, text.passwordRequired)
  .max(PASSWORD_MAX, text.passwordTooLong);

/** Trimmed and lower-cased: one account per address, whatever its case. */
export const emailSchema = z
  .string({ error: text.emailRequired })
  .trim()
  .min(1, text.emailRequired)
  .max(EMAIL_MAX, text.emailInvalid)
  .pipe(z.email(text.emailInvalid))
  .transform((value) => value.toLowerCase());

export const nameSchema = z
  .string({ error: text.nameRequired })
  .trim()
  .min(1, text.nameRequired)
  .max(NAME_MAX, text.nameTooLong);

const tokenSchema = z.string({ error: text.tokenRequired }).trim().min(1, text.tokenRequired).max(TOKEN_MAX, text.tokenRequired);

/** A paid plan chosen before registering (src/lib/shared/plan-intent.ts); anything else is ignored. */
const intentFields = {
  plan: z.enum(['gold', 'premium']).optional().catch(undefined),
  interval: z.enum(['monthly', 'yearly']).optional().catch(undefined),
};

/**
 * POST /api/users. `captchaToken` may be empty when Turnstile is not configured; `plan` and
 * `interval` ride into the verification link.
 */
export const registerSchema = z.object(
  {
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    captchaToken: z.string().max(4096).optional().default(''),
    /** The token of a team invitation to this address (`/invite/:token`): the account joins that team. */
    invitation: z.string().max(200).optional(),
    ...intentFields,
  },
  { error: text.nameRequired },
);

export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { message: text.passwordsDontMatch, path: ['confirmPassword'] });

/** POST /api/users/auth. Only presence is checked: a login never reveals the password rules. */
export const loginSchema = z.object(
  {
    email: z.string({ error: text.emailRequired }).trim().min(1, text.emailRequired).max(EMAIL_MAX, text.invalidCredentials).transform((v) => v.toLowerCase()),
    password: currentPasswordSchema,
  },
  { error: text.emailRequired },
);

/** POST /api/users/authGoogle: the ID token from Google Identity Services. */
export const googleLoginSchema = z.object(
  { credential: z.string({ error: text.googleLoginFailed }).min(1, text.googleLoginFailed).max(8192, text.googleLoginFailed), invitation: z.string().max(200).optional() },
  { error: text.googleLoginFailed },
);

/**
 * POST /api/users/resend-verification: a new verification link for an address not verified yet;
 * the same answer whatever the address (docs/security.md 10).
 */
export const resendVerificationSchema = z.object({ email: emailSchema, ...intentFields }, { error: text.emailRequired });

/** POST /api/users/verify-email. */
export const verifyEmailSchema = z.object({ token: tokenSchema }, { error: text.tokenRequired });

/** POST /api/users/login-link: the token of the sign-in link mailed past the failure limit. */
export const loginLinkSchema = z.object({ token: tokenSchema }, { error: text.tokenRequired });

/** POST /api/users/requestResetPassword. */
export const requestResetSchema = z.object({ email: emailSchema }, { error: text.emailRequired });

/** POST /api/users/checkToken. */
export const checkTokenSchema = z.object({ token: tokenSchema }, { error: text.tokenRequired });

/** POST /api/users/resetPassToken. */
export const resetPasswordSchema = z.object({ token: tokenSchema, newPassword: passwordSchema }, { error: text.tokenRequired });

export const resetPasswordFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, { message: text.passwordsNotMatching, path: ['confirmPassword'] });

/** PATCH /api/users/profile: '' clears the picture; otherwise a path served by our /media route. */
export const profilePictureSchema = z.object(
  {
    picture: z
      .string({ error: text.pictureInvalid })
      .max(500, text.pictureInvalid)
      .refine(isMediaPath, text.pictureInvalid),
  },
  { error: text.pictureInvalid },
);

/** PATCH /api/users/name (docs/product.md §5: both fields required). */
export const changeNameSchema = z.object({ newName: nameSchema, password: currentPasswordSchema }, { error: text.bothRequired });

/** PATCH /api/users/email (docs/product.md §5: both fields required). */
export const changeEmailSchema = z.object({ newEmail: emailSchema, password: currentPasswordSchema }, { error: text.bothRequired });

/** PATCH /api/users/password. */
export const changePasswordSchema = z.object({ newPassword: passwordSchema, oldPassword: currentPasswordSchema }, { error: text.bothRequired });

export const changePasswordFormSchema = changePasswordSchema
  .extend({ repeatPassword: z.string() })
  .refine((form) => form.newPassword === form.repeatPassword, { message: text.newPasswordsDontMatch, path: ['repeatPassword'] });

/** PATCH /api/users/confirm-user-change-email. */
export const confirmEmailChangeSchema = z.object({ verificationToken: tokenSchema }, { error: text.tokenRequired });

/** User info of docs/product.md §3: what login answers and what the browser keeps. */
export interface UserInfo {
  _id: string;
  name: string;
  email: string;
  /** '' or a /media/… path. */
  picture: string;
  googleId: string | null;
}

export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterForm = z.input<typeof registerFormSchema>;
export type LoginInput = z.input<typeof loginSchema>;
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;
export type ChangeNameInput = z.input<typeof changeNameSchema>;
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;
