import { guestWords, speaksLanguage, t, type GuestWords } from '@shared/guest-words/index.ts';
import { guestPageKey, guestPagePath, type PageLanguage } from '@shared/guest-page-key.ts';
import { offeredLanguages, translatedContent } from '@shared/translations.ts';
import { nativeName } from '@shared/languages.ts';
import { parseMapCoordinates } from '@shared/map-coordinates.ts';
import { findHouseRule, houseRuleName, houseRuleSvg, houseRuleText } from '@shared/house-rules.ts';
import { PLACE_CATEGORIES, placeCategoryName, placeCategorySvg, type PlaceCategory } from '@shared/place-categories.ts';
import { formatPrice } from '@shared/currencies.ts';
import { publicLinkExtras, type Extra, type Place } from '@shared/schemas/instruction.ts';
import { formatWalk, walkingDistance, type MaybeCoordinates } from '@shared/walking-distance.ts';
import type { GuestInstruction } from '@shared/schemas/instruction.ts';
import { guestBranding, type Theme } from '@shared/themes.ts';
import { formatGuestDateTime } from '@shared/guest-dates.ts';
import type { SecretRevealProps } from '@shared/guest-access.ts';
import { onlinePaymentsOf } from '../../extras/payments.ts';
import { readGuestInstruction } from '../../instructions/get-instruction-preview.ts';
import { isAppError } from '../../http/app-error.ts';
import { getRuntime } from '../../runtime.ts';
import type { SnapshotSource } from '../page-headers.ts';
import { publicMediaUrl } from '../../uploads/media-path.ts';
import { mapEmbedUrl } from './map-coordinates.ts';
import { renderParagraph } from './render-paragraph.ts';
import { wifiQrSvg } from '../../guidebook/wifi-qr.ts';

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
  /** The language the page is in (`<html lang>`): the guidebook's main one or a translation's (docs/product.md "Guest page languages"). */
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
  steps: { title: string; html: string; imageUrl: string; titleLang: FallbackLang; htmlLang: FallbackLang }[];
  welcome: { hostName: string; photo: string; html: string; hostNameLang: FallbackLang; htmlLang: FallbackLang } | null;
  /** `locked`: the password is gated (docs/decisions/013) and shown by the access section when allowed. */
  wifi: { name: string; password: string; locked: boolean; qrSvg: string } | null;
  houseRules: { name: string; text: string; svg: string }[];
  /** The host's additional information (manualBoxes), shown as "Good to Know". */
  goodToKnow: { html: string; imageUrl: string; lang: FallbackLang }[];
  /** The host's recommendations; `count` 0 when there are none. */
  places: GuestPlaces;
  /**
   * On a stay link: the extras the guest can ask for, with whether the stay can have each
   * (docs/decisions/020); on the public link, its items when the host offers extras there; else none.
   */
  extras: GuestExtraCard[];
  /** On the public link with extras: the host also offers a late check-out or early check-in, booked from stay links only. */
  extrasStayLinkOnly: boolean;
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
}

/** The stay a stay link belongs to, as its page shows it. */
export interface GuestStay {
  token: string;
  guestName: string;
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

/** The guest page of `token`, or null when no guidebook has it (the page answers 404). */
export async function loadGuestPage(token: string, language: string | null = null): Promise<GuestPage | null> {
  let found: Awaited<ReturnType<typeof readGuestInstruction>>;
  try {
    found = await readGuestInstruction({ token });
  } catch (error) {
    if (isAppError(error) && error.status === 404) return null;
    throw error;
  }
  const { config } = await getRuntime();
  const page = await toGuestPage(found.instruction, config.appUrl, config.mediaPublicUrl, null, Date.now(), language);
  return {
    ...page,
    // Decided as the snapshot is rendered (off the request path): a change of plan rebuilds it,
    // and so does a connected account starting or stopping to take charges (store-account-state.ts).
    extras: page.extras.length > 0 && (await onlinePaymentsOf(found.instruction.user)) ? page.extras.map((card) => ({ ...card, payOnline: card.priced })) : page.extras,
    expiresAt: found.planChangesAt,
    source: { version: found.version, secretsPolicy: found.instruction.secretsPolicy },
    captchaSiteKey: config.turnstile?.siteKey ?? null,
  };
}

/** The default link-preview image (public/images), for guidebooks without a photo. */
const DEFAULT_OG_IMAGE = '/images/og-guidebook.png';

/**
 * `appUrl` (configured, never the request's Host) makes the preview image's URL absolute; uploads
 * are linked under `mediaBase` (MEDIA_PUBLIC_URL) when set, their stored /media paths unchanged.
 */
export async function toGuestPage(
  instruction: GuestInstruction,
  appUrl: URL,
  mediaBase?: string,
  stayOfPage: StayOfPage | null = null,
  now = Date.now(),
  asked: string | null = null,
): Promise<Omit<GuestPage, 'expiresAt' | 'source' | 'captchaSiteKey'>> {
  const main = instruction.language;
  const languages = offeredLanguages(instruction);
  // A language the guidebook does not offer is its main page, unless the page has words of its own
  // in it: then those words around the main texts (docs/product.md "Guest page languages").
  const language = asked && pageSpeaks(asked, languages) ? asked : main;
  const translated = translatedContent(instruction, language);
  const i: GuestInstruction = { ...instruction, ...translated.content };
  const words = guestWords(language);
  const stay: GuestStay | null = stayOfPage && {
    ...stayOfPage,
    checkInLabel: formatGuestDateTime(stayOfPage.checkIn, instruction.timeZone, language),
    checkOutLabel: formatGuestDateTime(stayOfPage.checkOut, instruction.timeZone, language),
  };
  const lang = (key: string): FallbackLang => (translated.fallbacks.has(key) ? main : undefined);
  // The host's name and the addresses are not translated (docs/decisions/021): in the main language on every page.
  const asWritten: FallbackLang = language === main ? undefined : main;
  const media = (path: string) => publicMediaUrl(path, mediaBase);
  const gated = i.gatedSecrets;
  const markers = { code: i.code, lockedCode: gated?.code === true, address: i.address, addressUrl: i.addressUrl, words };
  // docs/product.md §4: a non-premium owner's guests see the product's title and the default dark theme.
  const branding = guestBranding(i);
  // The point the property's map link spells, read as the editor's map reads it (short links spell none).
  const coordinates = i.addressUrl ? parseMapCoordinates(i.addressUrl) : null;
  const welcomeHtml = i.textGreating.trim();
  const welcome = welcomeHtml || i.hostName || i.photoGreating ? { hostName: i.hostName, photo: media(i.photoGreating), html: welcomeHtml, hostNameLang: asWritten, htmlLang: lang('textGreating') } : null;
  const quickLinks: QuickLink[] = [
    { kind: 'taxi' as const, label: t(words, 'tiles.taxi'), href: i.taxiLink },
    { kind: 'car' as const, label: t(words, 'tiles.car'), href: i.rentCarLink },
    { kind: 'food' as const, label: t(words, 'tiles.food'), href: i.foodLink },
    { kind: 'parking' as const, label: t(words, 'tiles.parking'), href: i.parkingLink },
    { kind: 'about' as const, label: t(words, 'tiles.about'), href: welcome ? '#welcome' : '' },
  ].filter((link) => link.href !== '');
  // Only what the host filled in: placeholders belong in the editor's fields, never before guests
  // (docs/decisions/015-guest-page-shows-only-filled-contacts.md).
  const times = i.checkInTime || i.checkOutTime ? { checkIn: i.checkInTime, checkOut: i.checkOutTime } : null;
  const checkout =
    times || i.checkoutSteps.length > 0
      ? {
          checkIn: stay ? stay.checkInLabel : i.checkInTime && t(words, 'checkOut.from', { time: i.checkInTime }),
          checkOut: stay ? stay.checkOutLabel : i.checkOutTime && t(words, 'checkOut.by', { time: i.checkOutTime }),
          steps: i.checkoutSteps,
          stepLangs: i.checkoutSteps.map((_, index) => lang(`checkoutSteps.${index}`)),
        }
      : null;
  const contacts: ContactLink[] = [
    { kind: 'phone' as const, label: t(words, 'contact.call'), href: i.phone ? `tel:${i.phone.replace(/[^\d+]/g, '')}` : '' },
    { kind: 'whatsapp' as const, label: t(words, 'contact.whatsapp'), href: i.whatsapp },
    { kind: 'viber' as const, label: t(words, 'contact.viber'), href: i.viber },
    { kind: 'telegram' as const, label: t(words, 'contact.telegram'), href: i.telegram },
    { kind: 'facebook' as const, label: t(words, 'contact.facebook'), href: i.facebook },
    { kind: 'instagram' as const, label: t(words, 'contact.instagram'), href: i.instagram },
  ].filter((link) => link.href !== '' && link.href !== 'tel:');

  return {
    token: i.token,
    language,
    languages,
    ...languageLinks(language, languages, appUrl, i.token, stay),
    langs: { brand: branding.own ? lang('brandingTitle') : undefined, name: lang('nameInstruction'), address: asWritten },
    brand: branding.title,
    name: i.nameInstruction,
    showProductBranding: !branding.own,
    theme: branding.theme,
    quickLinks,
    address: i.address,
    addressUrl: i.addressUrl,
    mapEmbed: coordinates ? mapEmbedUrl(coordinates) : null,
    steps: i.boxes.map((box) => ({ title: box.title, html: renderParagraph(box.paragraph, markers), imageUrl: media(box.imageUrl), titleLang: lang(`boxes.${box.id}.title`), htmlLang: lang(`boxes.${box.id}.paragraph`) })),
    welcome: welcome ? { ...welcome, html: renderParagraph(welcome.html, markers) } : null,
    // A gated password is not on the page, and neither is the QR code, which carries it.
    wifi: i.wifiName
      ? gated?.wifiPassword
        ? { name: i.wifiName, password: '', locked: true, qrSvg: '' }
        : { name: i.wifiName, password: i.wifiPassword, locked: false, qrSvg: await wifiQrSvg({ ssid: i.wifiName, password: i.wifiPassword, security: i.wifiSecurity }, t(words, 'wifi.qrLabel')) }
      : null,
    houseRules: i.selectedHouseRules.flatMap((id) => {
      const rule = findHouseRule(id);
      return rule ? [{ name: houseRuleName(rule, words), text: houseRuleText(rule, i, words), svg: houseRuleSvg(rule, 28) }] : [];
    }),
    times,
    checkout,
    goodToKnow: i.manualBoxes.filter((box) => box.paragraph || box.imageUrl).map((box) => ({ html: renderParagraph(box.paragraph, markers), imageUrl: media(box.imageUrl), lang: lang(`manualBoxes.${box.id}.paragraph`) })),
    contacts,
    places: placesOf(
      i.places,
      coordinates,
      (place) => ({ html: renderParagraph(place.note, markers), imageUrl: media(place.imageUrl), nameLang: lang(`places.${place.id}.name`), htmlLang: lang(`places.${place.id}.note`), addressLang: asWritten }),
      words,
    ),
    extrasReturn: null,
    extras: stay || i.extrasOnPublicLink ? extraCards(stay ? i.extras : publicLinkExtras(i.extras), (extra) => ({ html: renderParagraph(extra.description, markers), imageUrl: media(extra.imageUrl), titleLang: lang(`extras.${extra.id}.title`), htmlLang: lang(`extras.${extra.id}.description`) }), words) : [],
    extrasStayLinkOnly: !stay && i.extrasOnPublicLink && publicLinkExtras(i.extras).length > 0 && i.extras.some((extra) => extra.active && extra.kind !== 'item'),
    ogImage: new URL(media([...i.boxes, ...i.manualBoxes].find((box) => box.imageUrl)?.imageUrl || i.photoGreating) || DEFAULT_OG_IMAGE, appUrl).href,
    mediaOrigin: mediaBase ? new URL(mediaBase).origin : null,
    description: i.address ? t(words, 'page.description', { name: i.nameInstruction, address: i.address }) : t(words, 'page.descriptionNoAddress', { name: i.nameInstruction }),
    coverImage: media(i.coverImage),
    access: accessOf(i, stay, now, language),
    stay,
  };
}

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

/** The active extras, in the host's order, as cards (available until the stay page says otherwise). */
function extraCards(extras: readonly Extra[], rich: (extra: Extra) => { html: string; imageUrl: string; titleLang: FallbackLang; htmlLang: FallbackLang }, words: GuestWords): GuestExtraCard[] {
  return extras
    .filter((extra) => extra.active)
    .map((extra) => ({
      id: extra.id,
      kind: extra.kind,
      title: extra.title,
      price: extra.price === 0 ? words['extras.free'] : formatPrice(extra.price, extra.currency, words['locale.format']),
      ...rich(extra),
      when:
        extra.kind === 'late-checkout'
          ? t(words, 'extras.lateUntil', { time: extra.lateCheckoutUntil })
          : extra.kind === 'early-checkin'
            ? t(words, 'extras.earlyFrom', { time: extra.earlyCheckinFrom })
            : '',
      maxQuantity: extra.kind === 'item' ? extra.maxPerStay : 1,
      available: true,
      reason: null,
      confirmed: false,
      payOnline: false,
      priced: extra.price > 0,
    }));
}

/**
 * The directions to a place: Google's "Maps URLs" (a plain link, which opens the map app on Android
 * and iOS and the browser elsewhere; nothing loads on the page) to its coordinates, else to its
 * written address, else the host's own map link, else none.
 */
export function directionsUrl(place: Pick<Place, 'lat' | 'lng' | 'address' | 'mapUrl'>): string {
  const base = 'https://www.google.com/maps/dir/?api=1&destination=';
  if (place.lat !== null && place.lng !== null) return `${base}${place.lat},${place.lng}`;
  if (place.address.trim()) return `${base}${encodeURIComponent(place.address.trim())}`;
  return place.mapUrl;
}

/** The places grouped for the guest page (see GuestPlaces). */
function placesOf(places: Place[], property: MaybeCoordinates | null, render: (place: Place) => { html: string; imageUrl: string; nameLang: FallbackLang; htmlLang: FallbackLang; addressLang: FallbackLang }, words: GuestWords): GuestPlaces {
  const view = (place: Place): GuestPlace => {
    const walk = walkingDistance(property, place);
    const digits = place.phone.replace(/[^\d+]/g, '');
    return {
      id: place.id,
      name: place.name,
      category: place.category,
      svg: placeCategorySvg(place.category),
      pick: place.pick,
      ...render(place),
      walk: walk ? formatWalk(walk, words) : '',
      address: place.address,
      directions: directionsUrl(place),
      website: place.website,
      call: digits ? `tel:${digits}` : '',
    };
  };
  const used = new Set(places.map((place) => place.category));
  return {
    favourites: places.filter((place) => place.pick).map(view),
    groups: PLACE_CATEGORIES.flatMap((category) => {
      const inIt = places.filter((place) => !place.pick && place.category === category.id);
      return inIt.length > 0 ? [{ category: category.id, name: placeCategoryName(category, words), svg: placeCategorySvg(category), places: inIt.map(view) }] : [];
    }),
    categories: PLACE_CATEGORIES.filter((category) => used.has(category.id)).map((category) => ({ category: category.id, name: placeCategoryName(category, words) })),
    count: places.length,
  };
}

/** What the access section shows, decided at render time (a stay page renders on each request). */
function accessOf(i: GuestInstruction, stay: GuestStay | null, now: number, language: string): GuestPage['access'] {
  const gated = i.gatedSecrets;
  if (!gated) return null;
  if (i.secretsPolicy === 'stay' && !stay) return { kind: 'booking-only' };
  const zone = i.timeZone;
  const base = { token: stay ? stay.token : i.token, hasCode: gated.code, hasWifiPassword: gated.wifiPassword, wifiName: i.wifiName };
  if (i.secretsPolicy === 'pin' && !stay) return { kind: 'reveal', props: { ...base, mode: 'pin', opensAt: null, opensLabel: null, over: false } };
  // A stay link (under `stay`, and under `pin`, which it never needs): the island asks during the
  // window; before it, the page says when.
  const early = stay !== null && now < stay.secretsFrom;
  return {
    kind: 'reveal',
    props: {
      ...base,
      mode: 'stay',
      opensAt: early ? stay.secretsFrom : null,
      opensLabel: early ? formatGuestDateTime(stay.secretsFrom, zone, language) : null,
      over: stay !== null && now >= stay.secretsUntil,
    },
  };
}

/** Whether a page can be in `language`: the guidebook offers it, or the page's own words exist in it. */
export function pageSpeaks(language: string, offered: readonly string[]): boolean {
  return offered.includes(language) || speaksLanguage(language);
}

/**
 * The page of each offered language: `/instruction/<token>/<lang>` (docs/decisions/022), on a
 * stay link `/stay/<token>?lang=<lang>` (its page is rendered per request, never a variant).
 * A page in a language the guidebook does not offer (its words only) lists itself last, so its
 * menu shows where the guest is and leads back to the host's languages.
 */
function languageLinks(language: string, languages: readonly string[], appUrl: URL, token: string, stay: GuestStay | null): Pick<GuestPage, 'alternates' | 'xDefault' | 'ogLocale'> {
  const path = (variant: string | null) =>
    stay ? `/stay/${encodeURIComponent(stay.token)}${variant ? `?lang=${variant}` : ''}` : guestPagePath(guestPageKey(token, variant as PageLanguage | null));
  return {
    alternates: (languages.includes(language) ? languages : [...languages, language]).map((tag) => ({ language: tag, name: nativeName(tag), href: new URL(path(tag), appUrl).href, path: path(tag), ogLocale: ogLocaleOf(tag) })),
    xDefault: new URL(path(null), appUrl).href,
    ogLocale: ogLocaleOf(language),
  };
}

/** Open Graph's `language_TERRITORY` for a language, its likeliest territory ("de" → de_DE, "en" → en_US). */
function ogLocaleOf(tag: string): string {
  const region = new Intl.Locale(tag).maximize().region;
  return region ? `${tag}_${region}` : tag;
}
