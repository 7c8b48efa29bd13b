import { RULE_AUDIENCES, type RuleAudience } from '@shared/channels.ts';
import { askWords, type AskSection, type AskWords } from '@shared/guest-words/ask-words.ts';
import { guestWords, t, type GuestWords } from '@shared/guest-words/index.ts';
import { findHouseRule, houseRuleName, houseRuleText } from '@shared/house-rules.ts';
import { findPlaceCategory, placeCategoryName } from '@shared/place-categories.ts';
import type { InstructionContent } from '@shared/schemas/instruction.ts';
import { guestTranslations, translatedContent } from '@shared/translations.ts';
import { rulesFor } from '../guidebook/channel-rules.ts';
import { publicContent } from '../guidebook/guest-secrets.ts';
import { richTextToPlain, splitLong, tidy } from './passage-text.ts';
import { scrubber, secretValuesOf } from './scrub.ts';

/**
 * The published guidebook as one page variant shows it, as passages: one per guest-visible text
 * field or item, with its section and the anchor of its place on the page (docs/decisions/031 §3).
 * Built from what the page itself reads (`publicContent`, accepted translations only, then the
 * page's language), so a machine draft, a gated secret, the PIN and an inactive extra are never a
 * passage; the fields of kind `secret` are read only to scrub their values from every text. Pure.
 */
export interface Passage {
  /** `p1`, `p2`, … in page order: meaningful only within its index. */
  id: string;
  section: AskSection;
  /** The element's id on the page: the section's own or an item's (`ci-<id>`, `gk-<id>`, `pl-<id>`, `ex-<id>`, `co-<index>`). */
  anchor: string;
  title: string;
  text: string;
  /** The text's language: the page's, or the main one where the field has no accepted translation. */
  language: string;
  /** `all`, or the stay channels and links (`link`: the public link) an extra is offered on (docs/decisions/028 §10). */
  audience: 'all' | RuleAudience[];
  /** The section's words guests use for it (ask-words.ts): searched, never shown. */
  keywords: string;
}

type Draft = Omit<Passage, 'id' | 'keywords'>;

interface Context {
  i: InstructionContent;
  words: GuestWords;
  ask: AskWords;
  /** The language of the field with translation key `key`. */
  lang: (key: string) => string;
  language: string;
  rich: (html: string) => string;
}

/** Every passage of `stored` (the whole stored content, secrets included) on its page in `language`. */
export function guidebookPassages(stored: InstructionContent, language: string): Passage[] {
  const visible = { ...publicContent(stored), translations: guestTranslations(stored.translations) };
  const { content: i, fallbacks } = translatedContent(visible, language);
  const ask = askWords(language);
  const context: Context = {
    i,
    words: guestWords(language),
    ask,
    language,
    lang: (key) => (fallbacks.has(key) ? stored.language : language),
    rich: (html) => richTextToPlain(html, { doorCode: ask.doorCode, address: i.address }),
  };
  const drafts = [addressOf, stepsOf, welcomeOf, wifiOf, rulesOf, placesOf, extrasOf, goodToKnowOf, checkOutOf, contactOf].flatMap((part) => part(context));
  const scrub = scrubber(secretValuesOf(stored, ask));
  const english = askWords('en').keywords;
  return drafts
    .flatMap((draft) => splitLong(scrub(draft.text)).map((text) => ({ ...draft, title: scrub(draft.title), text })))
    .filter((draft) => draft.text !== '' || draft.title !== '')
    .map((draft, index) => ({ id: `p${index + 1}`, ...draft, keywords: ask.keywords[draft.section] === english[draft.section] ? english[draft.section] : `${ask.keywords[draft.section]}, ${english[draft.section]}` }));
}

const ALL = 'all' as const;

function addressOf({ i, words }: Context): Draft[] {
  // The address is not translated (docs/decisions/021): in the main language on every page.
  return i.address ? [{ section: 'address', anchor: 'address', title: words['address.title'], text: i.address, language: i.language, audience: ALL }] : [];
}

function stepsOf({ i, words, ask, lang, rich }: Context): Draft[] {
  return i.boxes.map((box, index) => {
    const heading = `${words['checkIn.title']}, ${ask.step} ${index + 1}`;
    return { section: 'check-in', anchor: `ci-${box.id}`, title: box.title ? `${heading}: ${box.title}` : heading, text: rich(box.paragraph), language: lang(`boxes.${box.id}.paragraph`), audience: ALL };
  });
}

function welcomeOf({ i, words, lang, rich }: Context): Draft[] {
  const text = tidy([i.hostName, rich(i.textGreating)].join('\n'));
  return text ? [{ section: 'welcome', anchor: 'welcome', title: words['welcome.title'], text, language: lang('textGreating'), audience: ALL }] : [];
}

function wifiOf({ i, words, ask, language }: Context): Draft[] {
  if (!i.wifiName) return [];
  // The password's place, never the password: gated or not, the page shows it, the passage points there.
  const password = i.wifiSecurity === 'nopass' ? '' : `\n${words['wifi.password']}: ${ask.wifiPassword}`;
  return [{ section: 'wifi', anchor: 'wifi', title: words['wifi.title'], text: `${words['wifi.network']}: ${i.wifiName}${password}`, language, audience: ALL }];
}

function rulesOf({ i, words, language }: Context): Draft[] {
  const lines = i.selectedHouseRules.flatMap((id) => {
    const rule = findHouseRule(id);
    return rule ? [`${houseRuleName(rule, words)}: ${houseRuleText(rule, i, words)}`] : [];
  });
  return lines.length > 0 ? [{ section: 'rules', anchor: 'rules', title: words['rules.title'], text: lines.join('\n'), language, audience: ALL }] : [];
}

function placesOf({ i, words, lang, rich }: Context): Draft[] {
  return i.places.map((place) => {
    const category = findPlaceCategory(place.category);
    const text = tidy([category ? placeCategoryName(category, words) : '', place.address, rich(place.note)].join('\n'));
    return { section: 'places', anchor: `pl-${place.id}`, title: `${place.name} (${words['places.title']})`, text, language: lang(`places.${place.id}.note`), audience: ALL };
  });
}

/** Each extra offered on at least one channel or the public link, with those it is offered on. */
function extrasOf({ i, words, lang, rich }: Context): Draft[] {
  const offered = RULE_AUDIENCES.map((audience) => ({ audience, ids: new Set(rulesFor(i, audience).extras.map((extra) => extra.id)) }));
  return i.extras.flatMap((extra) => {
    const audience = offered.filter(({ ids }) => ids.has(extra.id)).map((entry) => entry.audience);
    if (audience.length === 0) return [];
    const when = extra.kind === 'late-checkout' ? t(words, 'extras.lateUntil', { time: extra.lateCheckoutUntil }) : extra.kind === 'early-checkin' ? t(words, 'extras.earlyFrom', { time: extra.earlyCheckinFrom }) : '';
    return [{ section: 'extras' as const, anchor: `ex-${extra.id}`, title: `${extra.title} (${words['extras.title']})`, text: tidy([when, rich(extra.description)].join('\n')), language: lang(`extras.${extra.id}.description`), audience }];
  });
}

function goodToKnowOf({ i, words, lang, rich }: Context): Draft[] {
  return i.manualBoxes
    .filter((box) => box.paragraph)
    .map((box) => ({ section: 'good-to-know', anchor: `gk-${box.id}`, title: words['goodToKnow.title'], text: rich(box.paragraph), language: lang(`manualBoxes.${box.id}.paragraph`), audience: ALL }));
}

function checkOutOf({ i, words, lang, language }: Context): Draft[] {
  const title = words['checkOut.title'];
  const times = [i.checkInTime && `${words['checkOut.checkIn']}: ${t(words, 'checkOut.from', { time: i.checkInTime })}`, i.checkOutTime && `${words['checkOut.checkOut']}: ${t(words, 'checkOut.by', { time: i.checkOutTime })}`].filter(Boolean).join('\n');
  const timesPassage: Draft[] = times ? [{ section: 'check-out', anchor: 'check-out', title, text: times, language, audience: ALL }] : [];
  const steps = i.checkoutSteps.map((step, index): Draft => ({ section: 'check-out', anchor: `co-${index}`, title: `${title}: ${words['checkOut.steps']}`, text: step, language: lang(`checkoutSteps.${index}`), audience: ALL }));
  return [...timesPassage, ...steps];
}

/** The channels' names only ("Call, WhatsApp"), never a number or a handle: no answer needs to copy them. */
function contactOf({ i, words, language }: Context): Draft[] {
  const labels = [
    i.phone && t(words, 'contact.call'),
    i.whatsapp && t(words, 'contact.whatsapp'),
    i.viber && t(words, 'contact.viber'),
    i.telegram && t(words, 'contact.telegram'),
    i.facebook && t(words, 'contact.facebook'),
    i.instagram && t(words, 'contact.instagram'),
  ].filter(Boolean);
  return labels.length > 0 ? [{ section: 'contact', anchor: 'contact', title: words['contact.title'], text: labels.join(', '), language, audience: ALL }] : [];
}
