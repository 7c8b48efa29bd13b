import type { Channel } from '@shared/channels.ts';
import type { PlaceCategory } from '@shared/place-categories.ts';
import type { Extra } from '@shared/schemas/instruction.ts';
import type { Theme } from '@shared/themes.ts';
import type { SecretRevealProps } from '@shared/guest-access.ts';
import type { SnapshotSource } from '../page-headers.ts';

export interface QuickLink {
  kind: 'taxi' | 'car' | 'food' | 'parking' | 'about';
  label: string;
  href: string;
}

export interface ContactLink {
  kind: 'phone' | 'whatsapp' | 'viber' | 'telegram' | 'facebook' | 'instagram';
  label: string;
  href: string;
}

/**
 * `lang` of an element whose text fell back to the guidebook's main language (a field the page's
 * language has no translation for), so a screen reader reads it in that language; else undefined.
 */
export type FallbackLang = string | undefined;

/** One recommended place as the guest page draws it; every link is '' when the host gave none. */
export interface GuestPlace {
  id: number;
  name: string;
  /** `lang` of the name, the note and the address when they fell back (FallbackLang). */
  nameLang: FallbackLang;
  htmlLang: FallbackLang;
  addressLang: FallbackLang;
  category: PlaceCategory;
  /** The category's icon, an inline <svg> of ours (never user input). */
  svg: string;
  /** The host's favourite: shown first, with a star. */
  pick: boolean;
  /** The note, re-sanitised with its markers filled in, or ''. */
  html: string;
  /** "650 m · 9 min walk" from the property, or '' when either lacks coordinates. */
  walk: string;
  address: string;
  imageUrl: string;
  /** Google Maps URLs' directions link (it opens the guest's map app), or the host's map link. */
  directions: string;
  website: string;
  /** `tel:` with the digits and + of the phone. */
  call: string;
}

/** The places in the order the guest reads them: the favourites, then each category's in the categories' order. */
export interface GuestPlaces {
  favourites: GuestPlace[];
  groups: { category: PlaceCategory; name: string; svg: string; places: GuestPlace[] }[];
  /** Every category that has a place, favourites included, for the filter chips. */
  categories: { category: PlaceCategory; name: string }[];
  count: number;
}

/** Everything the guest page draws, decided here so the .astro files only lay it out. */
export interface GuestPage {
  token: string;
  /** The language the page is in (`<html lang>`): the guidebook's main one or a translation's (chosen by load-guest-page.ts). */
  language: string;
  /** The guidebook's main language and the languages it is translated into, main first. */
  languages: string[];
  /**
   * Each offered language, by its own name ("Deutsch"), with the absolute URL of its page: the
   * header's language menu, the `hreflang` alternates and `og:locale:alternate` (offered ones only).
   * This page's language comes last when the guidebook does not offer it. `xDefault` is the page
   * that picks by the browser's languages.
   */
  alternates: { language: string; name: string; href: string; path: string; ogLocale: string }[];
  xDefault: string;
  /** `og:locale` of this page ("de_DE"). */
  ogLocale: string;
  /** `lang` of the texts below that fell back to the main language (FallbackLang). */
  langs: { brand: FallbackLang; name: FallbackLang; address: FallbackLang };
  /** Header title: the premium owner's branding title, else the product's name (docs/product.md §4). */
  brand: string;
  name: string;
  showProductBranding: boolean;
  theme: Theme;
  quickLinks: QuickLink[];
  address: string;
  addressUrl: string;
  mapEmbed: string | null;
  steps: { id: number; title: string; html: string; imageUrl: string; titleLang: FallbackLang; htmlLang: FallbackLang }[];
  welcome: { hostName: string; photo: string; html: string; hostNameLang: FallbackLang; htmlLang: FallbackLang } | null;
  /** `locked`: the password is gated (docs/decisions/013) and shown by the access section when allowed. */
  wifi: { name: string; password: string; locked: boolean; qrSvg: string } | null;
  houseRules: { name: string; text: string; svg: string }[];
  /** The host's additional information (manualBoxes), shown as "Good to Know". */
  goodToKnow: { id: number; html: string; imageUrl: string; lang: FallbackLang }[];
  /** The host's recommendations; `count` 0 when there are none. */
  places: GuestPlaces;
  /**
   * On a stay link: the extras the guest can ask for, with whether the stay can have each
   * (docs/decisions/020); on the public link, its items when the host offers extras there; else none;
   * in either case only those the guidebook's rules offer that channel (docs/decisions/028 §10).
   */
  extras: GuestExtraCard[];
  /** On the public link with extras: the host also offers a late check-out or early check-in, booked from stay links only. */
  extrasStayLinkOnly: boolean;
  /** Whether the page asks "Was this guidebook helpful?": the rule of the stay's channel, or of the public link (docs/decisions/028 §10). */
  feedback: boolean;
  /** On a stay link back from Checkout (`?order=`): how that order stands, in the guest's words; else null. */
  extrasReturn: string | null;
  /** The property's usual times ("HH:MM" where it is, '' when unset), for the header; null when neither is set. */
  times: { checkIn: string; checkOut: string } | null;
  /**
   * The Check-out section: when to arrive and leave, as it words them ("by 10:00", or on a stay
   * link the stay's own "Mon 7 Dec, 11:00"; '' for no row) and what to do before leaving; null
   * when the host set none of it.
   */
  checkout: { checkIn: string; checkOut: string; steps: string[]; stepLangs: FallbackLang[] } | null;
  contacts: ContactLink[];
  description: string;
  /** Absolute URL of the link-preview image (Open Graph): the first photo of the guidebook, else ours. */
  ogImage: string;
  /** The origin images are loaded from besides ours (MEDIA_PUBLIC_URL), for the page's CSP; or null. */
  mediaOrigin: string | null;
  /** Epoch ms when this page stops being right by itself (the owner's plan changes), or null. */
  expiresAt: number | null;
  /** The guidebook's row as rendered, for the stored page's header (snapshot-store.ts); null for pages never stored. */
  source: SnapshotSource | null;
  /** The cover photo above the header, or ''. */
  coverImage: string;
  /**
   * The gated door code and Wi-Fi password (docs/decisions/013): null when the page shows them itself
   * (`always`); `booking-only` on the public link of a `stay` guidebook; else the island that asks
   * GET /api/guest/:token/secrets for them.
   */
  access: null | { kind: 'booking-only' } | { kind: 'reveal'; props: SecretRevealProps };
  /** On a stay link: who the guest is and when they stay, in the property's time zone. */
  stay: GuestStay | null;
  /** The Turnstile site key for "Message your host" on a public link (TURNSTILE_*), else null. */
  captchaSiteKey: string | null;
  /** A model may write the box's answers (configured, and the team's plan has model answers): the box says so (docs/decisions/031 §11). */
  machineWritten: boolean;
}

/** The stay a stay link belongs to, as its page shows it. */
export interface GuestStay {
  token: string;
  guestName: string;
  /** Where it was booked: what its guest is offered follows that channel's rule. */
  channel: Channel;
  checkIn: number;
  checkOut: number;
  /** "Fri 4 Dec, 15:00" in the property's time zone and the page's language (toGuestPage writes them). */
  checkInLabel: string;
  checkOutLabel: string;
  /** An approved early check-in or late check-out moved the time (the page says so). */
  movedCheckIn: boolean;
  movedCheckOut: boolean;
  /** The secrets window on this link, when the policy is `stay`: [from, until). */
  secretsFrom: number;
  secretsUntil: number;
}

/** A stay as its page is asked for: toGuestPage writes its dates in the page's language. */
export type StayOfPage = Omit<GuestStay, 'checkInLabel' | 'checkOutLabel'>;

/** One extra as a stay link shows it; whether the stay can have it is set by the stay page (load-stay-view.ts). */
export interface GuestExtraCard {
  id: number;
  kind: Extra['kind'];
  title: string;
  /** "€25", "Free". */
  price: string;
  html: string;
  /** `lang` of the title and the description when they fell back (FallbackLang). */
  titleLang: FallbackLang;
  htmlLang: FallbackLang;
  imageUrl: string;
  /** "Check out as late as 14:00", "Check in from 11:00", or ''. */
  when: string;
  /** How many one stay may ask for (items; 1 for a late check-out or early check-in). */
  maxQuantity: number;
  available: boolean;
  /** Why not, in the guest's words. */
  reason: string | null;
  /** Not available because the guest has it already (approved or paid): said as good news, not as a refusal. */
  confirmed: boolean;
  /** Bought online by card (a priced extra of a host who takes payments, docs/decisions/020), not asked for. */
  payOnline: boolean;
  /** Its price is above 0 (a free extra is always a request). */
  priced: boolean;
}
