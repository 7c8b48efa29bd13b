import { guestWords, t } from '@shared/guest-words/index.ts';
import { offeredLanguages, translatedContent } from '@shared/translations.ts';
import { assistantAnswersPerMonth } from '@shared/plans.ts';
import { parseMapCoordinates } from '@shared/map-coordinates.ts';
import { findHouseRule, houseRuleName, houseRuleSvg, houseRuleText } from '@shared/house-rules.ts';
import type { GuestInstruction } from '@shared/schemas/instruction.ts';
import { guestBranding } from '@shared/themes.ts';
import { formatGuestDateTime } from '@shared/guest-dates.ts';
import { onlinePaymentsOf } from '../../money/orders/online-payments.ts';
import { readGuestInstruction } from '../../instructions/get-instruction-preview.ts';
import { isAppError } from '../../http/app-error.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { publicMediaUrl } from '../../uploads/media-path.ts';
import { mapEmbedUrl } from './map-coordinates.ts';
import { renderParagraph } from './render-paragraph.ts';
import { wifiQrSvg } from '../../guidebook/wifi-qr.ts';
import { rulesFor } from '../../guidebook/channel-rules.ts';
import type { ContactLink, FallbackLang, GuestPage, GuestStay, QuickLink, StayOfPage } from './guest-page-model.ts';
import { extraCards } from './extra-cards.ts';
import { placesOf } from './guest-places.ts';
import { accessOf } from './page-access.ts';
import { languageLinks, pageSpeaks } from './page-languages.ts';

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
    machineWritten: config.assistant !== undefined && assistantAnswersPerMonth[found.plan] > 0,
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
): Promise<Omit<GuestPage, 'expiresAt' | 'source' | 'captchaSiteKey' | 'machineWritten'>> {
  const main = instruction.language;
  const languages = offeredLanguages(instruction);
  // A language the guidebook does not offer is its main page, unless the page has words of its own
  // in it: then those words around the main texts (docs/product/guest-languages.md).
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
  // What this page's guests are offered: the stay's channel's rule, or the public link's (docs/decisions/028 §10).
  const rules = rulesFor(i, stay ? stay.channel : 'link');

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
    steps: i.boxes.map((box) => ({ id: box.id, title: box.title, html: renderParagraph(box.paragraph, markers), imageUrl: media(box.imageUrl), titleLang: lang(`boxes.${box.id}.title`), htmlLang: lang(`boxes.${box.id}.paragraph`) })),
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
    goodToKnow: i.manualBoxes.filter((box) => box.paragraph || box.imageUrl).map((box) => ({ id: box.id, html: renderParagraph(box.paragraph, markers), imageUrl: media(box.imageUrl), lang: lang(`manualBoxes.${box.id}.paragraph`) })),
    contacts,
    places: placesOf(
      i.places,
      coordinates,
      (place) => ({ html: renderParagraph(place.note, markers), imageUrl: media(place.imageUrl), nameLang: lang(`places.${place.id}.name`), htmlLang: lang(`places.${place.id}.note`), addressLang: asWritten }),
      words,
    ),
    extrasReturn: null,
    extras: extraCards(rules.extras, (extra) => ({ html: renderParagraph(extra.description, markers), imageUrl: media(extra.imageUrl), titleLang: lang(`extras.${extra.id}.title`), htmlLang: lang(`extras.${extra.id}.description`) }), words),
    extrasStayLinkOnly: !stay && rules.extras.length > 0 && i.extras.some((extra) => extra.active && extra.kind !== 'item'),
    feedback: rules.feedback,
    ogImage: new URL(media([...i.boxes, ...i.manualBoxes].find((box) => box.imageUrl)?.imageUrl || i.photoGreating) || DEFAULT_OG_IMAGE, appUrl).href,
    mediaOrigin: mediaBase ? new URL(mediaBase).origin : null,
    description: i.address ? t(words, 'page.description', { name: i.nameInstruction, address: i.address }) : t(words, 'page.descriptionNoAddress', { name: i.nameInstruction }),
    coverImage: media(i.coverImage),
    access: accessOf(i, stay, now, language),
    stay,
  };
}
