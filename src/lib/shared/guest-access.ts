/**
 * What the guest page's access island (src/islands/guest/SecretReveal.tsx) is given by the page:
 * nothing secret, only what to ask for and how (docs/decisions/013-stays-and-secrets.md).
 */
export interface SecretRevealProps {
  /** The token to ask GET /api/guest/:token/secrets with: the stay's on a stay link, else the guidebook's. */
  token: string;
  hasCode: boolean;
  hasWifiPassword: boolean;
  wifiName: string;
  /** `pin`: ask the guest for the host's PIN; `stay`: ask during the stay's window. */
  mode: 'pin' | 'stay';
  /** Before the window opens: when (epoch ms) and as the page words it in the property's zone. */
  opensAt: number | null;
  opensLabel: string | null;
  /** After check-out: nothing is asked. */
  over: boolean;
}

/** GET /api/guest/:token/secrets when allowed. `until`: epoch ms after which a kept copy must go, or null. */
export interface GuestSecrets {
  code: string;
  wifiPassword: string;
  /** The Wi-Fi QR code as SVG (it carries the password), or ''. */
  wifiQr: string;
  until: number | null;
  /** A stay link of a guidebook with a smart lock whose code is not shown yet: why, in the guest's words, and when to look again (ISO). */
  doorCode?: { state: 'waiting' | 'failed'; message: string; lookAgainAt: string | null };
  /** A stay's offline code (docs/decisions/030-smart-locks.md §9): when it works, and for a stay over 24 hours when it must first be used, in the guest's words. */
  codeNote?: string;
}

/** The same, refused (403): the message to show, and when asking again will work (ISO), if ever. */
export interface GuestSecretsRefusal {
  message: string;
  availableFrom: string | null;
  pinRequired: boolean;
}

/** The header a PIN travels in (never the URL: it would reach logs and history). */
export const PIN_HEADER = 'x-guest-pin';
