import { guestWords, t } from '@shared/guest-words/index.ts';
import { findTheme } from '@shared/themes.ts';
import { offeredLanguages, translatedContent } from '@shared/translations.ts';
import type { TeamScope } from '../account/team-access.ts';
import { getTeamPlan } from '../account/team-plan.ts';
import { wifiQrSvg } from '../guidebook/wifi-qr.ts';
import { findTeamGuidebook } from '../guidebook/find-team-guidebook.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { publicContent } from '../guidebook/guest-secrets.ts';
import { getRuntime } from '../platform/runtime.ts';
import { guestLinkQrSvg } from './guest-link-qr.ts';
import { guestUrl } from './guest-url.ts';

/** Product colour for posters of non-premium hosts (the admin's brand-700). */
const PRODUCT_ACCENT = '#b4460a';

/** What the printable poster shows (src/pages/dashboard/poster/[id].astro lays it out). */
export interface InstructionPoster {
  /** The language the sheet is in (docs/product/guest-languages.md): its words, its texts and its link. */
  language: string;
  name: string;
  /** Above the name: a premium host's branding title, else nothing (the footer names the product). */
  brand: string;
  url: string;
  /** The link as people read it, without the scheme. */
  displayUrl: string;
  qrSvg: string;
  /** The network and its join code; the password itself is not printed (it is in the code). */
  wifi: { name: string; open: boolean; qrSvg: string } | null;
  showProductBranding: boolean;
  /** The host's favourite places (at most MAX_POSTER_FAVOURITES), name and written address, no photos. */
  favourites: { name: string; address: string }[];
  /** Text colour of headings and rules, legible on white paper. */
  accent: string;
}

/** A short list: the poster is one sheet, and the guest page has the rest. */
export const MAX_POSTER_FAVOURITES = 5;

/**
 * The poster of a guidebook for its owner to print and hang inside the property:
 * name, QR of the guest link, the Wi-Fi network and its QR code. Never the lock-box code: a poster
 * can be read by anyone who walks past it. Someone else's id is a 404, as on every owner route.
 * Branding follows the guest page's rule (docs/product.md §4): premium hosts get their title and theme colour
 * and no product branding.
 */
export async function getInstructionPoster({ access, id, language = null }: { access: TeamScope; id: string; language?: string | null }): Promise<InstructionPoster> {
  const row = await findTeamGuidebook({ access, id });
  const { config } = await getRuntime();
  // A gated Wi-Fi password (docs/decisions/013-stays-and-secrets.md) is not on the poster, not even inside its QR code.
  const stored = publicContent(parseStoredContent(row.data));
  // `?lang=`: one of the guidebook's languages (the main one too: the share dialog's choice), else the
  // main language with the link that follows the guest's browser; the QR code opens the chosen page.
  const chosen = language && offeredLanguages(stored).includes(language) ? language : null;
  const content = translatedContent(stored, chosen ?? stored.language).content;
  const premium = (await getTeamPlan(access.teamId)) === 'premium';
  const url = guestUrl(config, row.token, chosen);
  // The poster's words are the guest dictionary's, as the page around it (PosterDocument.astro).
  const words = guestWords(chosen ?? stored.language);
  const name = content.nameInstruction.trim() || words['poster.untitled'];
  const wifiName = content.wifiName.trim();
  const security = content.wifiSecurity;
  return {
    language: chosen ?? stored.language,
    name,
    brand: premium ? content.brandingTitle.trim() : '',
    url,
    displayUrl: url.replace(/^https?:\/\//, ''),
    qrSvg: await guestLinkQrSvg(url, t(words, 'poster.qrLabel', { name })),
    wifi: wifiName
      ? {
          name: wifiName,
          open: security === 'nopass',
          qrSvg: security === 'nopass' || content.wifiPassword ? await wifiQrSvg({ ssid: wifiName, password: content.wifiPassword, security }) : '',
        }
      : null,
    showProductBranding: !premium,
    favourites: content.places
      .filter((place) => place.pick)
      .slice(0, MAX_POSTER_FAVOURITES)
      .map((place) => ({ name: place.name, address: place.address })),
    accent: premium ? findTheme(content.selectedTheme).dark : PRODUCT_ACCENT,
  };
}
