import { EMAIL_MAX } from '@shared/schemas/auth.ts';

/**
 * The attributes of every field that takes a guest's e-mail address (the share dialog, the stay
 * dialog). A guest's address, not the host's own: no autofill and no spell check.
 */
export const GUEST_EMAIL_INPUT = {
  type: 'email',
  inputMode: 'email',
  autoComplete: 'off',
  spellCheck: false,
  maxLength: EMAIL_MAX,
  placeholder: 'guest@example.com',
} as const;
