import { z } from 'zod';

/**
 * The guest page's words (docs/style.md 17: words live in dictionaries): every key one language
 * must give, each described for whoever translates it. The guest guidebook, the stay page, the
 * printable poster and the guest islands take their words from a dictionary parsed by this schema
 * (one file a language beside this one, `en.ts` first). A `{name}` in a text is filled in by
 * `t()` (t.ts) and must stay in every translation; the rest of the text is free.
 *
 * A count put into words takes its plural forms from a `count.*` key (`plural()`): each form
 * tagged with the Intl.PluralRules category of the language's `locale.format` that picks it
 * (`one:# minute|other:# minutes`, `#` the number), so Polish, Czech and Croatian write every
 * form they need (plural.ts). `places.walk`'s minutes go with the abbreviated unit ("8 min"),
 * which no language inflects.
 *
 * Strict: a dictionary that misses a key or carries one this schema does not know is refused,
 * so a typo in a key fails the tests instead of showing English on a translated page.
 */
const word = (description: string) => z.string().min(1).describe(description);

const PLURAL_FORM = /^(zero|one|two|few|many|other):[^|]*#[^|]*$/;

/**
 * A count's forms: `category:text` pieces joined by `|`, each text holding the number as `#`,
 * `other` always among them. Which categories a language needs is its own (tests/guest-words).
 */
const plural = (description: string) =>
  z
    .string()
    .refine((text) => text.split('|').every((form) => PLURAL_FORM.test(form)) && text.split('|').some((form) => form.startsWith('other:')), 'Plural forms are `category:text` joined by |, each with #, one of them `other`.')
    .describe(description);

/** A language tag the runtime's Intl knows, for dates, times and numbers. */
function isFormatLocale(tag: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(tag).length > 0;
  } catch {
    return false; // not a well-formed tag
  }
}

const formatLocale = z
  .string()
  .refine(isFormatLocale, 'Not a locale this runtime formats dates in.')
  .describe('The locale dates, times and numbers are written in (a BCP 47 tag, e.g. en-GB: "Fri 4 Dec, 15:00").');

export const guestWordsSchema = z.strictObject({
  'locale.lang': word('The page’s `lang` attribute (a BCP 47 tag such as en or pt-BR).'),
  'locale.format': formatLocale,

  // The guidebook's frame: offline notes, the product's footer, the link preview's description.
  'page.offline': word('Status bar shown when the guest is offline and reads the copy saved on the device.'),
  'page.saved': word('Note under the page once the guidebook is saved on the device for offline use.'),
  'page.privacy': word('Line at the foot of every guest page: what is counted about guests (docs/security.md 36) and that the questions asked in the box are kept without who asked (docs/decisions/031 §11), and that nothing else is.'),
  'page.madeWith': word('Footer of a guidebook by a host without their own branding; {product} is the link to the product.'),
  'page.product': word('The product’s name, as a link in the footer.'),
  'page.description': word('Link-preview description; {name}: the guidebook’s name, {address}: its address. (Worded by the page loader.)'),
  'page.descriptionNoAddress': word('Link-preview description without an address; {name}: the guidebook’s name. (Worded by the page loader.)'),
  'error.status': word('An error without a message of its own; {status}: the HTTP status, e.g. 500.'),

  // The header above the tiles.
  'header.welcomeGuest': word('Greeting on a stay link; {name}: the guest’s name.'),
  'header.checkInFrom': word('The property’s usual check-in time in the header; {time}: "15:00".'),
  'header.checkOutBy': word('The property’s usual check-out time in the header; {time}: "10:00".'),
  'header.language': word('The header’s language menu, read before the language the page is in ("Language: Deutsch"); each language is listed by its own name.'),
  'header.stayCheckIn': word('Read by screen readers before the stay’s check-in date in the header.'),
  'header.stayCheckOut': word('Read by screen readers before the stay’s check-out date (after an arrow the eye sees), with its leading comma.'),

  // The tiles under the header: a tile is about 100 px wide on a phone, so a word longer than
  // "Hausordnung" carries a soft hyphen (\u00ad) where it may break ("Wymel\u00addowanie");
  // screen readers and the tile's accessible name ignore it.
  'tiles.label': word('Accessible name of the row of tiles under the header.'),
  'tiles.access': word('Tile leading to the door code and Wi-Fi password.'),
  'tiles.checkIn': word('Tile leading to the check-in steps.'),
  'tiles.wifi': word('Tile leading to the Wi-Fi section.'),
  'tiles.rules': word('Tile leading to the house rules.'),
  'tiles.checkOut': word('Tile leading to the check-out section.'),
  'tiles.help': word('Tile leading to the host’s contacts.'),
  'tiles.newTab': word('Read by screen readers after a tile that opens in a new tab.'),
  'tiles.taxi': word('Tile of the host’s taxi link. (Worded by the page loader.)'),
  'tiles.car': word('Tile of the host’s car rental link. (Worded by the page loader.)'),
  'tiles.food': word('Tile of the host’s food delivery link. (Worded by the page loader.)'),
  'tiles.parking': word('Tile of the host’s parking link. (Worded by the page loader.)'),
  'tiles.about': word('Tile leading to the host’s welcome. (Worded by the page loader.)'),
  'tiles.extras': word('Header tile that jumps to the Extras section.'),
  'tiles.places': word('Tile leading to the host’s recommended places nearby (short: it fits a small tile).'),

  // The door code and Wi-Fi password when the host gates them.
  'access.title': word('Title of the section holding the gated door code and Wi-Fi password.'),
  'access.bookingOnly': word('Badge on the public link of a guidebook that shows the secrets on stay links only.'),
  'access.bookingOnlyText': word('Text under that badge.'),
  'secret.over': word('After check-out on a stay link, instead of the secrets.'),
  'lock.setting': word('A stay link of a guidebook with a smart lock, in the window, while the lock has not confirmed the stay\'s own code; {when} is the deadline.'),
  'lock.settingJustInTime': word('The same, for a lock that takes its codes about an hour before check-in; {when} is the deadline.'),
  'lock.offlineWorks': word('A stay link with an offline door code (igloohome and the like), under the code; {from} and {until} are the whole hours it works.'),
  'lock.offlineFirstUse': word('After lock.offlineWorks, for a stay over 24 hours: the code must be used once before {when} or it stops working.'),
  'lock.failed': word('A stay link of a guidebook with a smart lock whose code could not be set; the host was told.'),
  'secret.what.both': word('Both secrets, as {what} in the sentences below.'),
  'secret.what.code': word('The door code alone, as {what} in the sentences below.'),
  'secret.what.wifiPassword': word('The Wi-Fi password alone, as {what} in the sentences below.'),
  'secret.opensBoth': word('Before the window on a stay link, for both secrets; {what}: both, {when}: "Fri 4 Dec, 15:00".'),
  'secret.opensOne': word('Before the window on a stay link, for one secret; {what}: the secret, {when}: "Fri 4 Dec, 15:00".'),
  'secret.duringStayBoth': word('On a stay link before the page has asked for both secrets; {what}: both.'),
  'secret.duringStayOne': word('On a stay link before the page has asked for one secret; {what}: the secret.'),
  'secret.loading': word('While the secrets load; {what}: the secrets.'),
  'secret.loadFailed': word('The secrets could not be loaded; {what}: the secrets.'),
  'secret.retry': word('Button asking for the secrets again.'),
  'secret.pinIntro': word('Above the PIN field; {what}: the secrets.'),
  'secret.pinNeedsScript': word('Under the PIN field while the page runs without JavaScript.'),
  'secret.pinLabel': word('Label of the PIN field.'),
  'secret.pinShape': word('Error when the PIN typed is not 4 to 8 digits.'),
  'secret.unreachable': word('Error when the PIN could not be checked (no connection).'),
  'secret.reveal': word('Button that checks the PIN and shows the secrets.'),
  'secret.checking': word('That button while the PIN is checked.'),
  'secret.codeLabel': word('Label of the revealed door code.'),
  'secret.copyCode': word('Button copying the door code.'),
  'secret.codeCopied': word('Status once the door code is copied.'),
  'secret.wifiPasswordLabel': word('Label of the revealed Wi-Fi password.'),
  'secret.wifiPasswordOf': word('Label of the revealed Wi-Fi password; {network}: the network’s name.'),
  'secret.wifiQr': word('Caption of the Wi-Fi QR code shown with the revealed password.'),
  'secret.offline': word('Under the secrets when they are shown from the copy on the device.'),
  'copy.password': word('Button copying the Wi-Fi password.'),
  'copy.passwordDone': word('Status once the Wi-Fi password is copied.'),

  // Find the Address, and the map.
  'address.title': word('Title of the address section.'),
  'address.mapTitle': word('Accessible title of the embedded map; {place}: the address, else the guidebook’s name.'),
  'address.openInMaps': word('Button opening the host’s map link.'),
  'address.mapLink': word('A step’s map link when the guidebook has no address. (Worded by the page loader.)'),
  'map.show': word('Button that loads the map.'),
  'map.note': word('Under that button: the map host is asked only on request.'),

  // Check-in steps.
  'checkIn.title': word('Title of the check-in steps.'),
  'checkIn.stepImage': word('Alternative text of a step’s photo; {number}: the step’s number.'),
  'checkIn.stepImageTitled': word('Alternative text of a titled step’s photo; {number}: the step’s number, {title}: its title.'),
  'checkIn.codeChip': word('Link in a step standing for a gated door code. (Worded by the page loader.)'),

  // Welcome.
  'welcome.title': word('Title of the host’s welcome.'),
  'welcome.photo': word('Alternative text of the host’s photo; {name}: the host’s name.'),
  'welcome.photoNoName': word('Alternative text of the host’s photo when the host gave no name.'),
  'welcome.host': word('Under the welcome title; {name}: the host’s name.'),
  'welcome.contact': word('Link to the contacts; {name}: the host’s name.'),
  'welcome.contactNoName': word('Link to the contacts when the host gave no name.'),

  // Wi-Fi.
  'wifi.title': word('Title of the Wi-Fi section; also the Wi-Fi label on the poster.'),
  'wifi.network': word('Label of the network’s name.'),
  'wifi.password': word('Label of the password.'),
  'wifi.passwordInAccess': word('In place of a gated password; {section}: the title of the door code section.'),
  'wifi.scanToJoin': word('Caption of the Wi-Fi QR code.'),
  'wifi.qrLabel': word('Accessible name of a Wi-Fi QR code. (Worded by the QR code’s renderer.)'),

  // House rules, their names and texts (the editor shows the English ones).
  'rules.title': word('Title of the house rules.'),
  'houseRule.noEvents.name': word('House rule name.'),
  'houseRule.noEvents.text': word('House rule text.'),
  'houseRule.turnOffAc.name': word('House rule name.'),
  'houseRule.turnOffAc.text': word('House rule text.'),
  'houseRule.checkTimes.name': word('House rule name.'),
  'houseRule.checkTimes.text': word('House rule text, for a guidebook without its usual times.'),
  'houseRule.checkTimes.withBoth': word('House rule text; {checkIn}: "15:00", {checkOut}: "10:00".'),
  'houseRule.checkTimes.withCheckIn': word('House rule text with the check-in time alone; {checkIn}: "15:00".'),
  'houseRule.checkTimes.withCheckOut': word('House rule text with the check-out time alone; {checkOut}: "10:00".'),
  'houseRule.noOpenFlames.name': word('House rule name.'),
  'houseRule.noOpenFlames.text': word('House rule text.'),
  'houseRule.keepKeys.name': word('House rule name.'),
  'houseRule.keepKeys.text': word('House rule text.'),
  'houseRule.noPets.name': word('House rule name.'),
  'houseRule.noPets.text': word('House rule text.'),
  'houseRule.registeredGuests.name': word('House rule name.'),
  'houseRule.registeredGuests.text': word('House rule text.'),
  'houseRule.noSmoking.name': word('House rule name.'),
  'houseRule.noSmoking.text': word('House rule text.'),
  'houseRule.noShoes.name': word('House rule name.'),
  'houseRule.noShoes.text': word('House rule text.'),
  'houseRule.keepQuiet.name': word('House rule name.'),
  'houseRule.keepQuiet.text': word('House rule text.'),
  'houseRule.trash.name': word('House rule name.'),
  'houseRule.trash.text': word('House rule text.'),
  'houseRule.lightsOff.name': word('House rule name.'),
  'houseRule.lightsOff.text': word('House rule text.'),
  'houseRule.kitchen.name': word('House rule name.'),
  'houseRule.kitchen.text': word('House rule text.'),
  'houseRule.lockDoors.name': word('House rule name.'),
  'houseRule.lockDoors.text': word('House rule text.'),
  'houseRule.water.name': word('House rule name.'),
  'houseRule.water.text': word('House rule text.'),
  'houseRule.damages.name': word('House rule name.'),
  'houseRule.damages.text': word('House rule text.'),

  // Good to Know.
  'extras.title': word('Title of the section of extras a guest can ask for on a stay link (late check-out, breakfast basket).'),
  'extras.intro': word('Under the Extras title: how asking works (an e-mail once each is confirmed, at once or by the host; payment on site).'),
  'extras.introPaid': word('Under the Extras title when the host takes payment online: priced extras are paid by card, those the host confirms first are charged only then.'),
  'extras.free': word('The price of an extra that costs nothing.'),
  'extras.pay': word('Button that sends a priced extra’s form on to the card payment page (Stripe).'),
  'extras.paid': word('Back from the payment page, paid; {name}: the extra’s title.'),
  'extras.authorised': word('Back from the payment page with the card authorised for an extra the host confirms first; {name}: the extra’s title.'),
  'extras.confirming': word('Back from the payment page before the payment is confirmed to us; {name}: the extra’s title.'),
  'extras.notTaken': word('Back from the payment page, the extra taken meanwhile and the payment given back; {name}: the extra’s title.'),
  'extras.lateUntil': word('What a late check-out buys; {time}: the latest check-out, e.g. 14:00.'),
  'extras.earlyFrom': word('What an early check-in buys; {time}: the earliest check-in, e.g. 11:00.'),
  'extras.photo': word('Alternative text of an extra’s photo; {name}: the extra’s title.'),
  'extras.request': word('Button that opens the request form of an extra.'),
  'extras.requestOf': word('The same button’s name for screen readers; {name}: the extra’s title.'),
  'extras.quantity': word('Label of the number of items asked for.'),
  'extras.note': word('Label of the optional note to the host in a request.'),
  'extras.send': word('Button that sends the request.'),
  'extras.cancel': word('Button that closes the request form without sending.'),
  'extras.sending': word('Shown while the request is being sent.'),
  'extras.sent': word('Shown once the request reached the host.'),
  'extras.failed': word('Shown when the request could not be sent for an unknown reason.'),
  'extras.offline': word('Shown when the guest tries to send a request without a connection.'),
  'extras.lateCheckout': word('After the stay’s check-out time, in brackets, when the host confirmed a late check-out: “Sun 6 Dec, 14:00 (late check-out)”.'),
  'extras.earlyCheckin': word('After the stay’s check-in time, in brackets, when the host confirmed an early check-in.'),
  'extras.reason.stayEnded': word('Why an extra cannot be ordered: the guest’s stay is over.'),
  'extras.reason.stayBegun': word('Why an early check-in cannot be ordered: the stay has begun.'),
  'extras.reason.arrivalThatDay': word('Why a late check-out cannot be ordered: another booking checks in on the check-out day.'),
  'extras.reason.departureThatDay': word('Why an early check-in cannot be ordered: another booking checks out on the check-in day.'),
  'extras.reason.alreadyLater': word('Why a late check-out cannot be ordered: the stay already ends at that time or later.'),
  'extras.reason.alreadyEarlier': word('Why an early check-in cannot be ordered: the stay already begins at that time or earlier.'),
  'extras.reason.alreadyOrdered': word('Why an extra cannot be ordered again: the guest already asked for as many as allowed.'),
  'extras.stayLinkOnly': word('On a guidebook’s public link (no stay), under the extras: late check-out and early check-in need the personal stay link the host sends each booking.'),
  'extras.yourName': word('Label of the guest’s name in an extra’s form on the public link (no stay to know it from).'),
  'extras.yourEmail': word('Label of the guest’s e-mail address in an extra’s form on the public link.'),
  'extras.emailHint': word('Under the e-mail field of an extra’s form on the public link: why it is asked.'),
  'extras.nameRequired': word('Error under the name field of an extra’s form when it is empty.'),
  'extras.emailRequired': word('Error under the e-mail field of an extra’s form when it is empty.'),
  'extras.emailInvalid': word('Error under the e-mail field of an extra’s form when it is not an e-mail address.'),
  'extras.returned': word('On the public link, back from the payment page: the order is being confirmed and an e-mail follows (the page cannot tell more).'),
  'goodToKnow.title': word('Title of the host’s additional information (appliances, parking, recycling).'),
  'goodToKnow.image': word('Alternative text of an additional information item’s photo; {number}: its place in the list.'),

  // Recommendations: the host's places nearby, grouped by category (src/lib/shared/place-categories.ts).
  'places.title': word('Title of the host’s recommended places nearby.'),
  'places.favourites': word('Heading of the places the host marked as favourites, shown first.'),
  'places.all': word('Filter button showing the places of every category.'),
  'places.filter': word('Accessible name of the row of category filter buttons.'),
  'places.walk': word('Walking time to a place, after its distance ("650 m · 8 min walk"); {minutes}: a whole number of minutes, 1 or more. Keep the unit abbreviated, so the text needs no plural forms.'),
  'places.directions': word('Link opening directions to a place in a map app.'),
  'places.website': word('Link to a place’s website.'),
  'places.call': word('Link calling a place.'),
  'places.photo': word('Alternative text of a place’s photo; {name}: the place’s name.'),
  'places.favourite': word('Accessible name of the star beside a place the host marked as a favourite.'),
  'poster.favourites': word('Heading of the printed poster’s short list of the host’s favourite places.'),
  'placeCategory.eat.name': word('Place category: restaurants and food.'),
  'placeCategory.drink.name': word('Place category: bars, wine bars, pubs.'),
  'placeCategory.coffee.name': word('Place category: cafés, coffee shops.'),
  'placeCategory.shop.name': word('Place category: shops and markets (plural).'),
  'placeCategory.see.name': word('Place category: sights, museums, landmarks (plural).'),
  'placeCategory.beach.name': word('Place category: beaches (plural).'),
  'placeCategory.nature.name': word('Place category: parks, walks, viewpoints.'),
  'placeCategory.family.name': word('Place category: things to do with children.'),
  'placeCategory.transport.name': word('Place category: bus stops, stations, ferries, car and bike rental.'),
  'placeCategory.health.name': word('Place category: pharmacies, doctors, hospitals.'),
  'placeCategory.other.name': word('Place category: anything else the host recommends.'),

  // Check-out.
  'checkOut.title': word('Title of the check-out section.'),
  'checkOut.checkIn': word('Label of the check-in time or date there.'),
  'checkOut.checkOut': word('Label of the check-out time or date there.'),
  'checkOut.from': word('The usual check-in time there; {time}: "15:00". (Worded by the page loader.)'),
  'checkOut.by': word('The usual check-out time there; {time}: "10:00". (Worded by the page loader.)'),
  'checkOut.steps': word('Title of the host’s list of things to do before leaving.'),

  // Need Help? and "Message your host".
  'contact.title': word('Title of the contact section.'),
  'contact.hostLine': word('Under that title; {name}: the host’s name.'),
  'contact.hostLineNoName': word('Under that title when the host gave no name.'),
  'contact.call': word('Link calling the host. (Worded by the page loader.)'),
  'contact.whatsapp': word('Link to the host on WhatsApp. (Worded by the page loader.)'),
  'contact.viber': word('Link to the host on Viber. (Worded by the page loader.)'),
  'contact.telegram': word('Link to the host on Telegram. (Worded by the page loader.)'),
  'contact.facebook': word('Link to the host’s Facebook page. (Worded by the page loader.)'),
  'contact.instagram': word('Link to the host’s Instagram. (Worded by the page loader.)'),
  'contact.open': word('Button opening the message form, and the form’s title; {name}: the host’s name.'),
  'contact.openNoName': word('The same when the host gave no name.'),
  'contact.name': word('Label of the guest’s name.'),
  'contact.email': word('Label of the guest’s e-mail address.'),
  'contact.emailHint': word('Beside that label: the address is optional.'),
  'contact.message': word('Label of the message.'),
  'contact.captchaLoading': word('While the human check (captcha) loads.'),
  'contact.send': word('Button sending the message.'),
  'contact.sending': word('That button while the message is sent.'),
  'contact.nameRequired': word('Error: the name is empty.'),
  'contact.messageRequired': word('Error: the message is empty.'),
  'contact.captchaRequired': word('Error: the human check is not done.'),
  'contact.sent': word('Status once sent, when the server says nothing more.'),
  'contact.offline': word('Error: the message could not be sent (no connection).'),

  // "Ask the guidebook": the box under the header (docs/decisions/031 §14).
  'ask.label': word('Visible label of the question field under the header (docs/product/assistant.md).'),
  'ask.submit': word('Button sending the question.'),
  'ask.asking': word('Said while the answer is on its way.'),
  'ask.sources': word('Before the links to the places on the page an answer comes from.'),
  'ask.offline': word('Shown when the question could not be sent (no connection); the page’s own find-in-page still works.'),
  'ask.machine': word('Under the field when a model writes the answers (EU AI Act art. 50, docs/decisions/031 §11): answers come from a machine, from this guidebook only; check important details with the host.'),
  'ask.machineLabel': word('Before an answer a model wrote: "Machine-written".'),

  // "Was this guidebook helpful?" at the end of the page, after the contact section.
  'feedback.question': word('The question, above its Yes and No buttons.'),
  'feedback.yes': word('Button: yes, it was helpful.'),
  'feedback.no': word('Button: no, it was not.'),
  'feedback.comment': word('Label of the optional comment to the host, shown once Yes or No is chosen.'),
  'feedback.counter': word('Under the comment as the guest types; {used}: characters typed, {max}: 1000.'),
  'feedback.send': word('Button sending the answer.'),
  'feedback.sending': word('That button while the answer is sent.'),
  'feedback.thanks': word('In place of the question once this device sent an answer (on a reload too).'),
  'feedback.offline': word('Error: the answer could not be sent (no connection).'),
  'feedback.helpfulRequired': word('Error: neither Yes nor No was chosen.'),

  // A stay link past its last day.
  // Counts said in words (plural.ts), in the case the API's sentences below put them in: after
  // "in" or "for" a time ("try again in 5 minutes") and after "at most" ("at most 100 characters").
  'count.minutes': plural('A number of minutes a guest waits, as in "try again in # minutes"; `#`: the number.'),
  'count.hours': plural('A number of hours a guest waits, as in "try again in # hours"; `#`: the number.'),
  'count.characters': plural('A number of characters, as in "at most # characters"; `#`: the number.'),

  // The guest APIs' answers (the islands show them as they come): the English says what
  // src/lib/shared/messages.ts says to a request in no language with a dictionary.
  'api.notFound': word('A guest API asked with a link that opens no guidebook (404).'),
  'api.pinRequired': word('The secrets asked for without the host’s PIN.'),
  'api.pinWrong': word('The PIN given is not the host’s.'),
  'api.tooEarly': word('The secrets asked for before the stay’s window; {when}: "Fri 4 Dec, 15:00".'),
  'api.tooManyPins': word('Too many wrong PINs from this guest; {wait}: "5 minutes" (count.minutes or count.hours).'),
  'api.pinGuessingStopped': word('Too many wrong PINs on the guidebook today, PINs are not checked for a while; {wait}: "3 hours".'),
  'api.messageSent': word('The host contact form’s message was sent.'),
  'api.tooManyMessages': word('Too many host messages; {wait}: "5 minutes".'),
  'api.emailRequired': word('Error: the e-mail address is empty.'),
  'api.emailInvalid': word('Error: the e-mail address is not one.'),
  'api.nameTooLong': word('Error: the name is too long; {characters}: "100 characters" (count.characters).'),
  'api.emailTooLong': word('Error: the e-mail address is too long; {characters}: "254 characters".'),
  'api.messageTooLong': word('Error: the message is too long; {characters}: "2000 characters".'),
  'api.unreadable': word('Error: the request sent is not what the form sends (a wrong type, not an object).'),
  'api.extrasStayLinkOnly': word('Extras asked for on a guidebook link that offers them only on stay links.'),
  'api.needsStay': word('A late check-out or early check-in asked for on the public link.'),
  'api.extraNotFound': word('An extra the guidebook does not offer.'),
  'api.extraRequested': word('An extra’s request was sent to the host.'),
  'api.toPayment': word('An extra’s order goes on to the card payment.'),
  'api.paymentUnavailable': word('The card payment could not be started; nothing was charged.'),
  'api.tooManyRequests': word('Too many extras requests; {wait}: "5 minutes".'),
  'api.quantityWhole': word('Error: the quantity is not a whole number.'),
  'api.quantityMin': word('Error: the quantity is below 1.'),
  'api.quantityMax': word('Error: the quantity is above the most; {max}: the most, e.g. 10.'),
  'api.noteTooLong': word('Error: the note is too long; {characters}: "500 characters".'),
  'api.feedbackSent': word('The answer to "Was this guidebook helpful?" was saved; the host will see it.'),
  'api.commentTooLong': word('Error: the feedback comment is too long; {characters}: "1000 characters".'),
  'api.tooManyFeedback': word('Too many feedback answers; {wait}: "5 minutes".'),
  'api.feedbackClosed': word('A comment added to a feedback answer after it can be changed (an hour on, or once the host was mailed it), or with a link that is not this guest’s.'),
  'api.feedbackNotAsked': word('Error: feedback sent from a link whose guests the host does not ask for it (their booking channel, e.g. Airbnb, keeps reviews on its own site).'),

  'stayEnded.title': word('Title (and page title) of a stay link that has ended.'),
  'stayEnded.text': word('Text under it.'),
  'stayEnded.comingBack': word('Second paragraph: a new booking brings a new link.'),

  // A guidebook link that opens nothing.
  'notFound.title': word('Title (and page title) of a guidebook or stay link that opens nothing.'),
  'notFound.description': word('Its page description.'),
  'notFound.text': word('Its text.'),
  'notFound.home': word('Its button to the product’s home page.'),

  // A guidebook that could not be loaded.
  'loadError.documentTitle': word('Page title when a guidebook could not be loaded.'),
  'loadError.description': word('Its page description.'),
  'loadError.title': word('Its title.'),
  'loadError.text': word('Its text, under the server’s message.'),
  'loadError.retry': word('Its button loading the page again.'),

  // The printable poster (its toolbar is the host's, its sheet the guests').
  'poster.documentTitle': word('Page title of the poster; {name}: the guidebook’s name.'),
  'poster.heading': word('Heading for screen readers; {name}: the guidebook’s name.'),
  'poster.toolbarTitle': word('Title in the toolbar above the sheet.'),
  'poster.paperSize': word('Accessible name of the paper size choice.'),
  'poster.paper': word('Visible label of that choice.'),
  'poster.a4': word('The A4 paper size.'),
  'poster.letter': word('The US Letter paper size.'),
  'poster.print': word('Button printing the poster.'),
  'poster.sheet': word('Accessible name of the sheet.'),
  'poster.welcomeTo': word('Above the guidebook’s name when the host has no branding title.'),
  'poster.lead': word('Under the name; {wifi}: the word Wi-Fi, kept on one line.'),
  'poster.qrSection': word('Accessible name of the guidebook’s QR code section.'),
  'poster.scan': word('Above the guidebook’s QR code.'),
  'poster.step1': word('First of three steps under the QR code.'),
  'poster.step2': word('Second step.'),
  'poster.step3': word('Third step; {wifi}: the word Wi-Fi, kept on one line.'),
  'poster.wifiOpen': word('Under the network of an open Wi-Fi.'),
  'poster.wifiScan': word('Under the network when its QR code is printed.'),
  'poster.wifiInGuidebook': word('Under the network when no QR code is printed.'),
  'poster.qrLabel': word('Accessible name of the guidebook’s QR code; {name}: the guidebook’s name.'),
  'poster.untitled': word('The name of a guidebook without one.'),
  'poster.notFoundTitle': word('Title of the poster page of a guidebook that is not the host’s.'),
  'poster.notFoundText': word('Its text.'),
  'poster.notFoundBack': word('Its link back to the dashboard.'),

  // The mail that carries the guest link, from the share dialogs (src/lib/server/guidebook/guest-link-mail.ts).
  'mail.subject': word('Subject, also the HTML part’s title; {name}: the guidebook’s name, or `mail.untitled`.'),
  'mail.eyebrow': word('Small heading above the guidebook’s name.'),
  'mail.untitled': word('Stands for {name} in `mail.subject` and `mail.shared` when the guidebook has no name (written to fit both sentences).'),
  'mail.host': word('Stands for {host} in `mail.shared` and `mail.sentBy` when neither the guidebook nor the account names the host.'),
  'mail.helloGuest': word('Greeting on a stay’s mail; {guest}: the guest’s name, as the host typed it.'),
  'mail.hello': word('Greeting when the guest’s name is not known.'),
  'mail.shared': word('What the mail is; {host}: the host’s name, {name}: the guidebook’s name.'),
  'mail.stay': word('Label before a stay’s dates ("Fri 4 Dec, 15:00 – Sun 6 Dec, 10:00").'),
  'mail.open': word('The button (and, in the plain-text part, the line above the link) that opens the guidebook.'),
  'mail.copyLink': word('Above the link written out, for mail clients that hide the button.'),
  'mail.anyBrowser': word('Under the link.'),
  'mail.sentBy': word('Footer; {product}: the product’s name, {host}: the host’s name.'),
  // The reminder before arrival, to a stay's guest who has not opened the link (src/lib/server/stays/arrival-reminders.ts); the rest as above.
  'mail.reminderSubject': word('Its subject; {name}: the guidebook’s name, or `mail.untitled`.'),
  'mail.reminder': word('What the mail is, in place of `mail.shared`; {host}: the host’s name, {name}: the guidebook’s name.'),
  'mail.checkIn': word('Label before the check-in day and time ("Fri 4 Dec, 15:00"), in place of `mail.stay`.'),
  // Orders of extras: the stay page, the guest's mails (src/lib/server/money/orders/order-mails.ts) and a public-link order's confirmation page.
  'extras.reason.alreadyConfirmed': word('Why an extra cannot be ordered again: the host confirmed it (or it was paid) for this stay already.'),
  'extras.confirmed': word('Shown once an extra the host offers without asking first is booked (settled on site).'),
  'extras.checkMail': word('On the public link, after sending an extra\'s form: the request goes to the host only once the guest confirms it from the mail sent to the address they gave.'),
  'order.signOff': word('Last line of every mail about an order; {product}: the product\'s name.'),
  'order.lateCheckout': word('A late check-out in a mail\'s sentence; {title}: the extra\'s title, {time}: the new check-out day and time.'),
  'order.earlyCheckin': word('An early check-in in a mail\'s sentence; {title}: the extra\'s title, {time}: the new check-in day and time.'),
  'order.quantity': word('An item ordered more than once; {title}: the extra\'s title, {quantity}: how many.'),
  'order.subject.requested': word('Subject of the mail saying a request reached the host; {title}: the extra\'s title.'),
  'order.subject.confirmed': word('Subject when an order is confirmed (at once, or by the host); {title}: the extra\'s title.'),
  'order.subject.notAvailable': word('Subject when an order ends without the extra: declined, taken by another booking, or its stay changed; {title}: the extra\'s title.'),
  'order.subject.receipt': word('Subject of the receipt of an extra paid online; {title}: the extra\'s title.'),
  'order.subject.refunded': word('Subject when the host refunds an order; {title}: the extra\'s title.'),
  'order.subject.notConfirmed': word('Subject when the host did not answer in time and the hold on the card was released; {title}: the extra\'s title.'),
  'order.subject.moved': word('Subject when the stay\'s dates changed and the late check-out or early check-in moved with them; {title}: the extra\'s title.'),
  'order.subject.confirm': word('Subject of the mail that asks a guest on the public link to confirm their request; {title}: the extra\'s title.'),
  'order.requested': word('{what}: the extra (with its time or quantity), {name}: the guidebook\'s name.'),
  'order.authorised': word('{price}: the amount, written out with its currency; {what}: the extra, with its new time or how many, {name}: the guidebook\'s name.'),
  'order.confirmedNow': word('An extra booked without the host asking first; {what}: the extra, with its new time or how many, {name}: the guidebook\'s name.'),
  'order.approved': word('The host approved a request; {what}: the extra, with its new time or how many, {name}: the guidebook\'s name.'),
  'order.charged': word('After `order.approved` when it was paid online; {price}: the amount with its currency.'),
  'order.payOnSite': word('After a sentence about an extra paid on site (not online); {price}: the amount with its currency.'),
  'order.receipt': word('The receipt of an extra paid online; {price}: the amount with its currency, {what}: the extra, with its new time or how many, {name}: the guidebook\'s name.'),
  'order.declined': word('The host declined a request; {what}: the extra, with its new time or how many, {name}: the guidebook\'s name.'),
  'order.slotLost': word('Another booking took the time of a late check-out or early check-in while the guest paid or the host decided; {what}: the extra, with its new time or how many, {name}: the guidebook\'s name.'),
  'order.refunded': word('The host refunded an order; {price}: the amount with its currency, {what}: the extra, with its new time or how many, {name}: the guidebook\'s name.'),
  'order.checkOutBack': word('After `order.refunded` for a late check-out.'),
  'order.checkInBack': word('After `order.refunded` for an early check-in.'),
  'order.lapsed': word('72 hours passed without the host\'s answer; {what}: the extra, with its new time or how many, {name}: the guidebook\'s name.'),
  'order.moved': word('{what} shows the new time; {name}: the guidebook\'s name.'),
  'order.stayMoved': word('The stay moved where the late check-out or early check-in cannot follow; {name}: the guidebook\'s name, {what}: the extra, with its new time or how many.'),
  'order.stayGone': word('The stay was deleted or cancelled by the booking calendar; {name}: the guidebook\'s name, {what}: the extra, with its new time or how many.'),
  'order.moneyRefunded': word('After an order that ended: what became of the money paid online; {price}: the amount with its currency.'),
  'order.moneyReleased': word('After an order that ended: the card was only authorised.'),
  'order.nothingCharged': word('After an order that ended: it was to be settled on site.'),
  'order.confirmAsk': word('The mail to a guest who ordered on the public link; {what}: the extra, with its new time or how many, {name}: the guidebook\'s name.'),
  'order.confirmOpen': word('Above the confirmation link written out.'),
  'order.confirmIgnore': word('Under the confirmation link.'),
  'confirm.title': word('Title of the page a guest opens from the confirmation mail of a public-link order.'),
  'confirm.intro': word('Under the title; {name}: the guidebook\'s name.'),
  'confirm.price': word('Label of the amount on the confirmation page.'),
  'confirm.button': word('The confirmation page\'s button (settled on site).'),
  'confirm.already': word('The confirmation page opened again after confirming.'),
  'confirm.invalid': word('The confirmation page for an unknown or expired link (24 hours).'),
  'confirm.back': word('Link from the confirmation page to the guidebook.'),
  'api.confirmSent': word('The answer to a public-link order: it waits for the guest\'s confirmation.'),
  'api.tooManyMails': word('A mail to this address would pass the daily limit.'),
  'api.confirmInvalid': word('The answer when a confirmation link is unknown or expired.'),
});

/** One language's words: every key of the schema. */
export type GuestWords = z.output<typeof guestWordsSchema>;
export type GuestWordKey = keyof GuestWords;
