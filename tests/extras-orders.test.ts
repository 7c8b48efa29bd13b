import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { GuestExtra, GuestOrder, ListedOrder, MonthTotal, Order } from '../src/lib/shared/schemas/order.ts';
import type { Stay, StaysPage } from '../src/lib/shared/schemas/stay.ts';
import { outboxSent, query, run, signedInHost, type SignedInHost } from './helpers/auth.ts';
import type { TestServer } from './helpers/server.ts';
import { readableParts, serverWithMailForFile, type ReceivedMail, type TestSmtpServer } from './helpers/smtp.ts';
import { until } from './helpers/until.ts';

/**
 * Extras as requests (docs/decisions/020-extras-and-the-money-flow.md), over real HTTP with a
 * real SMTP server: a guest on a stay link asks, the host approves or declines, an approved late
 * check-out moves the stay. Stays are set relative to the real clock (days ahead), never slept
 * through; the rules' edges are proven on the pure rule in extras-availability.test.ts.
 */
let server: TestServer;
let smtp: TestSmtpServer;

serverWithMailForFile({ NODE_ENV: 'test' }, (started) => ({ server, smtp } = started));

const DAY = 86_400_000;
const CODE = '4821';
/** "YYYY-MM-DD", `days` from today (UTC). */
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const LATE = { id: 11, kind: 'late-checkout', title: 'Late check-out', price: 2500, lateCheckoutUntil: '14:00', approval: 'host' };
const BASKET = { id: 12, kind: 'item', title: 'Breakfast basket', price: 1800, maxPerStay: 2, approval: 'host' };
const HIDDEN = { id: 13, kind: 'item', title: 'Bikes', price: 0, active: false };

async function guidebook(h: SignedInHost): Promise<Instruction> {
  const response = await h.call('/api/instruction', {
    json: { nameInstruction: 'Harbour Loft', code: CODE, timeZone: 'UTC', checkInTime: '15:00', checkOutTime: '10:00', secretsPolicy: 'stay', extras: [LATE, BASKET, HIDDEN] },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { instruction: Instruction }).instruction;
}

async function addStay(h: SignedInHost, g: Instruction, body: Record<string, unknown>): Promise<Stay> {
  const response = await h.call(`/api/instruction/${g._id}/stays`, { json: body });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { stay: Stay }).stay;
}

async function extrasOf(token: string): Promise<GuestExtra[]> {
  const response = await server.request(`/api/guest/${token}/extras`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { extras: GuestExtra[] }).extras;
}

const ask = (token: string, extraId: number, json: unknown = {}) => server.request(`/api/guest/${token}/extras/${extraId}`, { method: 'POST', json });

async function orders(h: SignedInHost, g?: Instruction): Promise<Order[]> {
  const response = await h.call(`/api/orders${g ? `?guidebook=${g._id}` : ''}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { orders: Order[] }).orders;
}

const decide = (h: SignedInHost, orderId: string, decision: string) => h.call(`/api/orders/${orderId}`, { method: 'PATCH', json: { decision } });

describe('a guest asks for extras from a stay link', () => {
  let h: SignedInHost;
  let g: Instruction;
  let stay: Stay;

  beforeAll(async () => {
    h = await signedInHost(server, 'gold');
    g = await guidebook(h);
    stay = await addStay(h, g, { guestName: 'Ana Horvat', guestEmail: 'ana@example.com', checkIn: day(3), checkOut: day(6) });
  });

  it('lists the active extras with their price and whether the stay can have them; a guidebook link orders nothing', async () => {
    expect(await extrasOf(stay.token)).toEqual([
      { id: 11, kind: 'late-checkout', title: 'Late check-out', price: 2500, currency: 'eur', available: true, reason: null },
      { id: 12, kind: 'item', title: 'Breakfast basket', price: 1800, currency: 'eur', available: true, reason: null },
    ]);
    const publicLink = await server.request(`/api/guest/${g.token}/extras`);
    expect(publicLink.status).toBe(404);
    expect(await publicLink.json()).toEqual({ message: messages.orders.stayLinkOnly });
    expect((await server.request('/api/guest/nosuchtoken12345678901234/extras')).status).toBe(404);
  });

  it('records a request at the guidebook’s price (never the body’s), mails the host and the guest, and holds the slot', async () => {
    const response = await ask(stay.token, 11, { price: 1, amount: 1, currency: 'usd', note: 'Flight at 18:00' });
    expect(response.status, await response.clone().text()).toBe(201);
    const { order } = (await response.json()) as { order: GuestOrder };
    expect(order).toMatchObject({ extraId: 11, title: 'Late check-out', amount: 2500, currency: 'eur', quantity: 1, status: 'requested' });

    const toHost = await smtp.waitForMail((mail) => mail.envelopeTo.includes(h.email) && mail.subject === 'New request: Late check-out for Harbour Loft');
    const text = readableParts(toHost);
    expect(text).toContain('Ana Horvat asks for Late check-out (check-out');
    expect(text).toContain('€25');
    expect(text).toContain('Their note: Flight at 18:00');
    expect(text).toContain(`/dashboard/orders?guidebook=${g._id}`);
    const toGuest = await smtp.waitForMail((mail) => mail.envelopeTo.includes('ana@example.com') && mail.subject === 'Your request: Late check-out');
    expect(readableParts(toGuest)).toContain('settled on site');

    // Asked once: a second request is refused with the reason, and the list says so.
    const again = await ask(stay.token, 11);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'Already requested for your stay' });
    expect((await extrasOf(stay.token)).find((extra) => extra.id === 11)).toMatchObject({ available: false, reason: 'Already requested for your stay' });
  });

  it('refuses an extra the guidebook does not offer (inactive or unknown) and a bad body, recording nothing', async () => {
    const before = (await orders(h, g)).length;
    for (const id of [13, 999]) {
      const response = await ask(stay.token, id);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: messages.orders.extraNotFound });
    }
    // An id that is no number names no extra: 404 in the guest's words, never "Please log in.".
    for (const id of ['abc', '12x', '-1', 'constructor']) {
      const response = await server.request(`/api/guest/${stay.token}/extras/${id}`, { method: 'POST', json: {}, headers: { 'accept-language': 'de' } });
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ message: 'Dieses Extra wird nicht angeboten.' });
    }
    const bad = await ask(stay.token, 12, { quantity: 0 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'The quantity is at least 1.' });
    expect((await orders(h, g)).length).toBe(before);
  });

  it('takes an item up to its most per stay, even when a guest sends the requests at once', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => ask(stay.token, 12)));
    expect(answers.filter((response) => response.status === 201)).toHaveLength(2);
    expect(answers.filter((response) => response.status === 409)).toHaveLength(4);
    expect((await orders(h, g)).filter((order) => order.extraId === 12)).toHaveLength(2);
  });

  it('approving a late check-out moves the stay’s check-out, its door-code window and its page; a second decision answers 409', async () => {
    const late = (await orders(h, g)).find((order) => order.extraId === 11)!;
    const response = await decide(h, late.id, 'approve');
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ message: messages.orders.approved, order: { status: 'approved', movesTo: `${day(6)}T14:00:00.000Z` } });
    // A second decision is told what the first made of it, and when.
    const again = await decide(h, late.id, 'decline');
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(/^This order was already approved on \w{3} \d{1,2} \w{3}, \d{2}:\d{2}\.$/);

    const listed = ((await (await h.call(`/api/instruction/${g._id}/stays?group=upcoming`)).json()) as StaysPage).stays.find((each) => each._id === stay._id)!;
    expect(listed.checkOut).toBe(`${day(6)}T14:00`);
    // Each order's card on Orders carries its stay as it stands now and the property's time zone.
    for (const order of (await orders(h, g)) as ListedOrder[]) {
      expect(order, order.title).toMatchObject({ stay: { checkIn: `${day(3)}T15:00:00.000Z`, checkOut: `${day(6)}T14:00:00.000Z` }, timeZone: 'UTC' });
    }
    // The stay's row lists what its guest ordered; the month's total counts the approved one only.
    expect(listed.orders).toContainEqual({ id: late.id, title: 'Late check-out', quantity: 1, amount: 2500, currency: 'eur', status: 'approved', paid: false });
    expect(listed.orders.filter((each) => each.status === 'requested').map((each) => each.title)).toContain('Breakfast basket');
    const { months } = (await (await h.call(`/api/orders?guidebook=${g._id}`)).json()) as { months: MonthTotal[] };
    expect(months).toEqual([{ month: new Date().toISOString().slice(0, 7), currency: 'eur', amount: 2500, orders: 1 }]);
    const page = await (await server.request(`/stay/${stay.token}`)).text();
    expect(page).toContain('14:00');
    expect(page).toContain('(late check-out)');
    // In German: the moved check-out in German words and a German date (docs/product/guest-languages.md).
    const german = await (await server.request(`/stay/${stay.token}?lang=de`)).text();
    const movedTo = new Date(`${day(6)}T14:00Z`);
    const germanDate = new Intl.DateTimeFormat('de-DE', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
    expect(german).toContain(germanDate.format(movedTo)); // "Fr., 4. Dez., 14:00"
    expect(german).toContain('(späterer Check-out)');
    const confirmed = await smtp.waitForMail((mail) => mail.envelopeTo.includes('ana@example.com') && mail.subject === 'Confirmed: Late check-out');
    expect(readableParts(confirmed)).toContain('Your host confirmed Late check-out');
  });

  it('declining frees the slot and tells the guest', async () => {
    const basket = (await orders(h, g)).find((order) => order.extraId === 12 && order.status === 'requested')!;
    const response = await decide(h, basket.id, 'decline');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { order: Order }).order.status).toBe('declined');
    expect((await extrasOf(stay.token)).find((extra) => extra.id === 12)).toMatchObject({ available: true });
    await smtp.waitForMail((mail) => mail.envelopeTo.includes('ana@example.com') && mail.subject === 'Not available: Breakfast basket');
  });
});

describe('the calendar decides what can be sold', () => {
  it('never offers a late check-out on a turnover day, and refuses to approve one when a booking arrived since the request', async () => {
    const h = await signedInHost(server, 'gold');
    const g = await guidebook(h);
    const first = await addStay(h, g, { guestName: 'First', checkIn: day(10), checkOut: day(12) });
    const second = await addStay(h, g, { guestName: 'Second', checkIn: day(20), checkOut: day(22) });
    // Another guest arrives on the second stay's check-out day: no late check-out for it.
    await addStay(h, g, { guestName: 'Turnover', checkIn: day(22), checkOut: day(24) });
    expect((await extrasOf(second.token)).find((extra) => extra.id === 11)).toMatchObject({ available: false, reason: 'Another guest arrives that day' });
    expect((await ask(second.token, 11)).status).toBe(409);

    // The first stay asks while its check-out day is free; then a booking lands on that day.
    expect((await ask(first.token, 11)).status).toBe(201);
    await addStay(h, g, { guestName: 'Late booker', checkIn: day(12), checkOut: day(14) });
    const order = (await orders(h, g)).find((each) => each.stayId === first._id)!;
    const approve = await decide(h, order.id, 'approve');
    expect(approve.status).toBe(409);
    expect(await approve.json()).toEqual({ message: messages.orders.slotTaken });
    // Nothing moved; the host can still decline it.
    expect((await orders(h, g)).find((each) => each.id === order.id)!.status).toBe('requested');
    expect((await decide(h, order.id, 'decline')).status).toBe(200);
  });
});

describe('orders belong to their host', () => {
  it('another host can neither list nor decide them', async () => {
    const owner = await signedInHost(server, 'gold');
    const stranger = await signedInHost(server, 'gold');
    const g = await guidebook(owner);
    const stay = await addStay(owner, g, { guestName: 'Guest', checkIn: day(30), checkOut: day(32) });
    expect((await ask(stay.token, 12)).status).toBe(201);
    const [order] = await orders(owner, g);
    expect(await orders(stranger)).toEqual([]);
    const list = await stranger.call(`/api/orders?guidebook=${g._id}`);
    expect(list.status).toBe(404);
    const decision = await decide(stranger, order!.id, 'approve');
    expect(decision.status).toBe(404);
    expect(await decision.json()).toEqual({ message: messages.orders.notFound });
    expect((await server.request('/api/orders')).status).toBe(401);
    expect((await orders(owner, g))[0]!.status).toBe('requested');
  });
});

/** The Approve and Decline links of a host's mail about order `orderId`; they share one token. */
function decisionLinksIn(mail: ReceivedMail, orderId: string): { approve: URL; decline: URL; token: string } {
  const text = readableParts(mail);
  const find = (decision: string) => {
    const match = text.match(new RegExp(`https?://\\S+/orders/${orderId}/${decision}\\?token=[\\w-]+`));
    if (!match) throw new Error(`no ${decision} link for ${orderId} in:\n${text}`);
    return new URL(match[0]);
  };
  const approve = find('approve');
  const decline = find('decline');
  expect(decline.searchParams.get('token')).toBe(approve.searchParams.get('token'));
  return { approve, decline, token: approve.searchParams.get('token')! };
}

interface LinkRow {
  status: string;
  decision_token_hash: string | null;
  decided_at: number | string | null;
}

const linkRow = (id: string) => query<LinkRow>(server, 'SELECT status, decision_token_hash, decided_at FROM orders WHERE id = ?', id)[0]!;

/** The link's page as a mail scanner or the host's browser opens it: a GET on our origin, no session. */
const open = (link: URL, method = 'GET') => server.request(link.pathname + link.search, { method });
/** The page's button: a POST from our origin, no session, the token in the body. */
const press = (orderId: string, token: string, decision: string, headers: Record<string, string> = {}) =>
  server.request(`/api/orders/${orderId}/decide`, { method: 'POST', json: { token, decision }, headers });

describe('the host decides from the mail’s single-use links', () => {
  let h: SignedInHost;
  let g: Instruction;
  let stay: Stay;

  beforeAll(async () => {
    h = await signedInHost(server, 'gold');
    g = await guidebook(h);
    stay = await addStay(h, g, { guestName: 'Ines Moreau', guestEmail: 'ines@example.com', checkIn: day(40), checkOut: day(43) });
  });

  /** A request for `extraId` and the host's mail about it. */
  async function requestWithMail(extraId: number, note = '', token = stay.token): Promise<{ order: GuestOrder; mail: ReceivedMail }> {
    const response = await ask(token, extraId, { note });
    expect(response.status, await response.clone().text()).toBe(201);
    const { order } = (await response.json()) as { order: GuestOrder };
    const mail = await smtp.waitForMail((each) => each.envelopeTo.includes(h.email) && readableParts(each).includes(`/orders/${order.id}/approve?token=`));
    return { order, mail };
  }

  it('the mail carries Approve, Decline and the dashboard; opening a link (GET, HEAD) shows the order and changes nothing', async () => {
    const { order, mail } = await requestWithMail(11, 'Flight at 19:00, bags by the door');
    const links = decisionLinksIn(mail, order.id);
    expect(links.approve.origin).toBe(server.origin);
    expect(links.token).toMatch(/^[\w-]{43}$/);
    expect(readableParts(mail)).toContain(`/dashboard/orders?guidebook=${g._id}`);
    // Only the token's SHA-256 is stored.
    const stored = linkRow(order.id).decision_token_hash;
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(links.token);

    for (const link of [links.approve, links.approve, links.decline]) {
      const page = await open(link);
      expect(page.status).toBe(200);
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.headers.get('cache-control')).toBe('no-store');
      const html = await page.text();
      expect(html).toContain('<meta name="robots" content="noindex"');
      for (const shown of ['Harbour Loft', 'Ines Moreau', 'Late check-out', '€25', 'Flight at 19:00, bags by the door', `${Number(day(43).slice(8))} `]) expect(html).toContain(shown);
    }
    const head = await open(links.approve, 'HEAD');
    expect(head.status).toBe(200);
    expect(linkRow(order.id)).toMatchObject({ status: 'requested', decision_token_hash: stored, decided_at: null });
    expect((await orders(h, g)).find((each) => each.id === order.id)!.status).toBe('requested');
  });

  it('refuses the button from another origin (or none): 403, nothing decided', async () => {
    const order = (await orders(h, g)).find((each) => each.extraId === 11 && each.status === 'requested')!;
    const mail = smtp.mails.find((each) => readableParts(each).includes(`/orders/${order.id}/approve?token=`))!;
    const { token } = decisionLinksIn(mail, order.id);
    const evil = await press(order.id, token, 'approve', { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(await evil.json()).toEqual({ message: 'Cross-origin requests are not allowed.' });
    const form = await fetch(`${server.url}/api/orders/${order.id}/decide`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.origin }, body: `token=${token}&decision=approve` });
    expect(form.status).toBe(415);
    expect(linkRow(order.id).status).toBe('requested');
  });

  it('Approve by link moves the late check-out and mails the guest; the link is then spent (409 on POST, the state on GET), nothing changes again', async () => {
    const order = (await orders(h, g)).find((each) => each.extraId === 11 && each.status === 'requested')!;
    const mail = smtp.mails.find((each) => readableParts(each).includes(`/orders/${order.id}/approve?token=`))!;
    const links = decisionLinksIn(mail, order.id);
    const approve = await press(order.id, links.token, 'approve');
    expect(approve.status, await approve.clone().text()).toBe(200);
    expect(await approve.json()).toEqual({ message: messages.orders.approved, order: { id: order.id, status: 'approved' } });
    const listed = ((await (await h.call(`/api/instruction/${g._id}/stays?group=upcoming`)).json()) as StaysPage).stays.find((each) => each._id === stay._id)!;
    expect(listed.checkOut).toBe(`${day(43)}T14:00`);
    expect(readableParts(await smtp.waitForMail((each) => each.envelopeTo.includes('ines@example.com') && each.subject === 'Confirmed: Late check-out'))).toContain('Your host confirmed Late check-out');

    const after = linkRow(order.id);
    expect(after).toMatchObject({ status: 'approved', decision_token_hash: null });
    const spent = /^This order was already approved on \w{3} \d{1,2} \w{3}, \d{2}:\d{2}\.$/;
    for (const decision of ['approve', 'decline']) {
      const again = await press(order.id, links.token, decision);
      expect(again.status).toBe(409);
      expect(((await again.json()) as { message: string }).message).toMatch(spent);
    }
    for (const link of [links.approve, links.decline]) {
      const page = await open(link);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('This order was already approved on');
      expect(html).not.toContain('Flight at 19:00');
    }
    expect(linkRow(order.id)).toEqual(after);
    expect(smtp.mails.filter((each) => each.envelopeTo.includes('ines@example.com') && each.subject === 'Confirmed: Late check-out')).toHaveLength(1);
  });

  it('Decline by link declines and tells the guest', async () => {
    const { order, mail } = await requestWithMail(12);
    const { decline, token } = decisionLinksIn(mail, order.id);
    expect((await open(decline)).status).toBe(200);
    const response = await press(order.id, token, 'decline');
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ message: messages.orders.declined, order: { id: order.id, status: 'declined' } });
    expect(linkRow(order.id)).toMatchObject({ status: 'declined', decision_token_hash: null });
    await smtp.waitForMail((each) => each.envelopeTo.includes('ines@example.com') && each.subject === 'Not available: Breakfast basket');
    expect(await (await open(decline)).text()).toContain('This order was already declined on');
  });

  it('two presses at once (Approve and Decline of one mail): one decides, the other is told what the order is now', async () => {
    const twice = await addStay(h, g, { guestName: 'Twice', guestEmail: 'twice@example.com', checkIn: day(60), checkOut: day(62) });
    const { order, mail } = await requestWithMail(12, '', twice.token);
    const { token } = decisionLinksIn(mail, order.id);
    const answers = await Promise.all([press(order.id, token, 'approve'), press(order.id, token, 'decline')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const status = linkRow(order.id).status;
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(((await loser.json()) as { message: string }).message).toMatch(new RegExp(`^This order was already ${status} on `));
    await smtp.waitForMail((each) => each.envelopeTo.includes('twice@example.com') && /^(Confirmed|Not available): Breakfast basket$/.test(each.subject));
    await outboxSent(server);
    expect(smtp.mails.filter((each) => each.envelopeTo.includes('twice@example.com') && /^(Confirmed|Not available):/.test(each.subject))).toHaveLength(1);
  });

  it('a decision in the dashboard spends the link', async () => {
    const { order, mail } = await requestWithMail(12);
    const links = decisionLinksIn(mail, order.id);
    expect((await decide(h, order.id, 'approve')).status).toBe(200);
    expect(linkRow(order.id)).toMatchObject({ status: 'approved', decision_token_hash: null });
    const page = await open(links.decline);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('This order was already approved on');
    const late = await press(order.id, links.token, 'decline');
    expect(late.status).toBe(409);
    expect(linkRow(order.id).status).toBe('approved');
  });

  it('an unknown order, a token of another order, garbage or a made-up decision: a 404 page, and 404 JSON for the button', async () => {
    const other = await addStay(h, g, { guestName: 'Other', checkIn: day(50), checkOut: day(52) });
    const { order: first, mail: firstMail } = await requestWithMail(12, '', other.token);
    const { order: second } = await requestWithMail(12, '', other.token);
    const { token } = decisionLinksIn(firstMail, first.id);
    for (const path of [`/orders/${second.id}/approve?token=${token}`, `/orders/${first.id}/approve?token=${'A'.repeat(43)}`, `/orders/${first.id}/approve?token=%00`, `/orders/${first.id}/approve`, `/orders/no-such-order/approve?token=${token}`, `/orders/${first.id}/maybe?token=${token}`]) {
      const page = await server.request(path);
      expect(page.status, path).toBe(404);
      const html = await page.text();
      expect(html).toContain('This link is not valid any more.');
      expect(html).not.toContain('Breakfast basket');
    }
    for (const [orderId, body] of [
      [second.id, { token, decision: 'approve' }],
      [first.id, { token: 'A'.repeat(43), decision: 'approve' }],
      ['no-such-order', { token, decision: 'decline' }],
    ] as const) {
      const response = await server.request(`/api/orders/${orderId}/decide`, { method: 'POST', json: body });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'This link is not valid any more.' });
    }
    const bad = await press(first.id, token, 'maybe');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'Decide approve or decline.' });
    expect([linkRow(first.id).status, linkRow(second.id).status]).toEqual(['requested', 'requested']);
  });
});

describe('extras on a guidebook’s public link (docs/decisions/020, public-link orders)', () => {
  let h: SignedInHost;
  let g: Instruction;
  const guest = { guestName: 'Ivo Kovač', guestEmail: 'ivo.public@example.com' };

  /** The guidebook's public page (its stored snapshot once the publish is rebuilt). */
  const publicPage = () => server.request(`/instruction/${g.token}`);

  /** Waits until the public page is the one `matches` accepts (a save republishes it off the request path). */
  async function republished(matches: (html: string) => boolean): Promise<string> {
    const settledPage = async () => {
      const response = await publicPage();
      if (response.headers.get('x-snapshot-rebuilds') === '0') return response.text();
      await response.arrayBuffer();
      return null;
    };
    return (await until(settledPage, (html) => html !== null && matches(html), 'the public page republished'))!;
  }

  async function setOnPublicLink(on: boolean): Promise<void> {
    const saved = (await (await h.call(`/api/instruction/${g._id}`)).json()) as Instruction;
    const response = await h.call(`/api/instruction/${g._id}`, { method: 'PUT', json: { ...saved, extrasOnPublicLink: on } });
    expect(response.status, await response.clone().text()).toBe(200);
  }

  beforeAll(async () => {
    h = await signedInHost(server, 'gold');
    g = await guidebook(h);
  });

  it('is off by default: the public token lists nothing and orders nothing, and its page shows no extras', async () => {
    expect(g.extrasOnPublicLink).toBe(false);
    const list = await server.request(`/api/guest/${g.token}/extras`);
    expect(list.status).toBe(404);
    const order = await ask(g.token, 12, guest);
    expect(order.status).toBe(404);
    expect(await order.json()).toEqual({ message: messages.orders.stayLinkOnly });
    expect(await (await publicPage()).text()).not.toContain('Breakfast basket');
    const bad = await h.call(`/api/instruction/${g._id}`, { method: 'PUT', json: { ...g, extrasOnPublicLink: 'yes' } });
    expect(bad.status).toBe(400);
  });

  it('on: the published page lists the active items with their price, served from memory with no database query', async () => {
    await setOnPublicLink(true);
    const html = await republished((page) => page.includes('Breakfast basket'));
    expect(html).toContain('€18');
    expect(html).toContain('href="#extras"');
    // Late check-out needs a stay: not offered, and the page says where it is.
    expect(html).not.toMatch(/<h3[^>]*>Late check-out<\/h3>/);
    expect(html).toContain('Late check-out and early check-in are booked from the personal stay link your host sends.');
    expect(html).not.toContain('Bikes');
    // Nothing third-party: the payment page is Stripe's, reached only after the guest's tap.
    expect(html).not.toMatch(/stripe\.com|js\.stripe/);
    const again = await publicPage();
    expect(again.headers.get('x-snapshot')).toBe('hit');
    expect(again.headers.get('x-sqlite-queries')).toBe('0');
    // Back from Checkout (`?order=`): the same stored page, which carries the word hidden for the browser to show.
    const returned = await server.request(`/instruction/${g.token}?order=abc`);
    expect(returned.headers.get('x-sqlite-queries')).toBe('0');
    expect(await returned.text()).toMatch(/data-extras-return[^>]*hidden/);

    expect(await extrasOf(g.token)).toEqual([{ id: 12, kind: 'item', title: 'Breakfast basket', price: 1800, currency: 'eur', available: true, reason: null }]);
  });

  it('refuses a late check-out (it needs a stay), an inactive extra, and a missing or bad name or e-mail, naming the field', async () => {
    const before = (await orders(h, g)).length;
    const timed = await ask(g.token, 11, guest);
    expect(timed.status).toBe(400);
    expect(await timed.json()).toEqual({ message: messages.orders.needsStay });
    expect((await ask(g.token, 13, guest)).status).toBe(404);
    const cases: [unknown, string][] = [
      [{ guestEmail: guest.guestEmail }, messages.contact.nameRequired],
      [{ ...guest, guestName: '  \u0001\n ' }, messages.contact.nameRequired],
      [{ ...guest, guestName: 'x'.repeat(101) }, messages.contact.nameTooLong(100)],
      [{ guestName: guest.guestName }, messages.contact.emailRequired],
      [{ ...guest, guestEmail: 'not-an-address' }, messages.contact.emailInvalid],
      [{ ...guest, guestEmail: 42 }, messages.contact.emailRequired],
    ];
    for (const [body, message] of cases) {
      const response = await ask(g.token, 12, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ message });
    }
    expect((await orders(h, g)).length).toBe(before);
  });

  it('waits for the guest to confirm from a mail to the address given: the host sees and hears nothing before, and the mail never repeats the name typed', async () => {
    const before = (await orders(h, g)).length;
    const hostMails = () => smtp.mails.filter((mail) => mail.envelopeTo.includes(h.email)).length;
    const hostMailsBefore = hostMails();
    const response = await ask(g.token, 12, { ...guest, guestName: ' FREE PRIZE\u0007 claim at spam.example ', quantity: 2, note: 'For Sunday', price: 1, amount: 1 });
    expect(response.status, await response.clone().text()).toBe(202);
    expect(await response.json()).toEqual({ message: 'Almost done: confirm your request from the e-mail we sent you.', confirmByMail: true });
    expect((await orders(h, g)).length).toBe(before);

    const toGuest = await smtp.waitForMail((mail) => mail.envelopeTo.includes('ivo.public@example.com') && mail.subject === 'Please confirm your request: Breakfast basket');
    const text = readableParts(toGuest);
    expect(text).toContain('Breakfast basket × 2 at Harbour Loft');
    expect(text).not.toMatch(/FREE PRIZE|spam\.example/);
    expect(text).toMatch(/^Hello,$/m);
    const link = new URL(text.match(/https?:\/\/\S+\/confirm\/[\w-]+\?token=[\w-]+/)![0]);
    expect(link.origin).toBe(server.origin);
    expect(hostMails()).toBe(hostMailsBefore);

    // Opening the link changes nothing (a mail scanner opens links); its page shows what was asked for.
    const page = await server.request(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    for (const shown of ['Confirm your request', 'Breakfast basket', '€36', 'For Sunday']) expect(html).toContain(shown);
    expect(html).not.toContain('FREE PRIZE');
    expect((await orders(h, g)).length).toBe(before);

    // Its button makes it an order, once: a request the host now hears of, replying to the address proven.
    const id = link.pathname.split('/').pop()!;
    const token = link.searchParams.get('token')!;
    const confirm = () => server.request(`/api/order-confirmations/${id}`, { method: 'POST', json: { token } });
    const [first, second] = await Promise.all([confirm(), confirm()]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const listed = (await orders(h, g)).filter((each) => each.guestEmail === 'ivo.public@example.com');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ stayId: null, status: 'requested', guestNote: 'For Sunday', amount: 3600, quantity: 2 });
    const toHost = await smtp.waitForMail((mail) => mail.envelopeTo.includes(h.email) && mail.subject === 'New request: Breakfast basket for Harbour Loft' && readableParts(mail).includes('public link'));
    expect(toHost.headers['reply-to']).toContain('ivo.public@example.com');
    expect(readableParts(toHost)).toContain('asks for Breakfast basket × 2 (€36');
    const receipt = await smtp.waitForMail((mail) => mail.envelopeTo.includes('ivo.public@example.com') && mail.subject === 'Your request: Breakfast basket');
    expect(readableParts(receipt)).toContain('reached your host');
    expect(readableParts(receipt)).not.toMatch(/FREE PRIZE|Ivo/);
    expect(await (await server.request(link.pathname + link.search)).text()).toContain('You confirmed this request already.');

    const approve = await decide(h, listed[0]!.id, 'approve');
    expect(approve.status, await approve.clone().text()).toBe(200);
    await smtp.waitForMail((mail) => mail.envelopeTo.includes('ivo.public@example.com') && mail.subject === 'Confirmed: Breakfast basket');
  });

  it('a confirmation link that is unknown, of another token, or garbage: a 404 page and 404 JSON, and no order', async () => {
    const before = (await orders(h, g)).length;
    for (const path of [`/confirm/${'a'.repeat(21)}?token=${'A'.repeat(43)}`, '/confirm/x?token=y', `/confirm/${'a'.repeat(21)}`]) {
      const page = await server.request(path);
      expect(page.status, path).toBe(404);
      expect(await page.text()).toContain('This link is not valid any more.');
    }
    const response = await server.request(`/api/order-confirmations/${'a'.repeat(21)}`, { method: 'POST', json: { token: 'A'.repeat(43) } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'This link is not valid any more. Ask again from the guidebook.' });
    expect((await orders(h, g)).length).toBe(before);
  });

  it('off again: the page drops the extras at the next publish and the token answers 404', async () => {
    await setOnPublicLink(false);
    await republished((page) => !page.includes('Breakfast basket'));
    expect((await ask(g.token, 12, guest)).status).toBe(404);
    expect((await server.request(`/api/guest/${g.token}/extras`)).status).toBe(404);
  });
});

describe('the extras API answers in the page’s language (Accept-Language, sent by the island)', () => {
  const askIn = async (language: string, token: string, extraId: number, json: unknown = {}) => {
    const response = await server.request(`/api/guest/${token}/extras/${extraId}`, { method: 'POST', json, headers: { 'accept-language': language } });
    return { status: response.status, message: ((await response.json()) as { message: string }).message };
  };
  // The tests above spent this address's requests: each test here starts with its own.
  beforeEach(() => run(server, "DELETE FROM rate_limits WHERE key LIKE 'extra-request:ip:%'"));

  it('German: a request sent, a refusal (already asked, not offered), field errors of the stay and the public link', async () => {
    const h = await signedInHost(server, 'gold');
    const g = await guidebook(h);
    const stay = await addStay(h, g, { guestName: 'Lena Vogel', guestEmail: 'lena@example.com', checkIn: day(3), checkOut: day(6) });
    expect(await askIn('de', stay.token, 12, { quantity: 0 })).toEqual({ status: 400, message: 'Die Anzahl ist mindestens 1.' });
    expect(await askIn('de', stay.token, 12, { quantity: 1, note: 'x'.repeat(501) })).toEqual({ status: 400, message: 'Die Notiz darf höchstens 500 Zeichen lang sein.' });
    expect(await askIn('de', stay.token, 11)).toEqual({ status: 201, message: 'Ihre Anfrage wurde an Ihren Gastgeber gesendet.' });
    expect(await askIn('de', stay.token, 11)).toEqual({ status: 409, message: 'Für Ihren Aufenthalt bereits angefragt' });
    expect(await askIn('de', stay.token, 999)).toEqual({ status: 404, message: 'Dieses Extra wird nicht angeboten.' });
    const listed = await server.request(`/api/guest/${stay.token}/extras`, { headers: { 'accept-language': 'de' } });
    expect(((await listed.json()) as { extras: GuestExtra[] }).extras.find((extra) => extra.id === 11)?.reason).toBe('Für Ihren Aufenthalt bereits angefragt');

    // The public link asks for the guest's name and e-mail: their errors are German too.
    expect(await askIn('de', g.token, 12, { guestName: 'Lena' })).toEqual({ status: 404, message: 'Extras bestellen Sie über den Link zu Ihrem Aufenthalt.' });
    const saved = (await (await h.call(`/api/instruction/${g._id}`)).json()) as Instruction;
    expect((await h.call(`/api/instruction/${g._id}`, { method: 'PUT', json: { ...saved, extrasOnPublicLink: true } })).status).toBe(200);
    expect(await askIn('de', g.token, 12, { guestEmail: 'lena@example.com' })).toEqual({ status: 400, message: 'Bitte geben Sie Ihren Namen ein.' });
    expect(await askIn('de', g.token, 12, { guestName: 'Lena', guestEmail: 'lena' })).toEqual({ status: 400, message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' });
    expect(await askIn('de', g.token, 11, { guestName: 'Lena', guestEmail: 'lena@example.com' })).toEqual({
      status: 400,
      message: 'Einen späten Check-out oder frühen Check-in buchen Sie über den persönlichen Link zu Ihrem Aufenthalt, den Ihr Gastgeber Ihnen schickt.',
    });
  });

  it('Japanese, without a dictionary, gets the English answers', async () => {
    const h = await signedInHost(server, 'gold');
    const g = await guidebook(h);
    const stay = await addStay(h, g, { guestName: 'Aiko', guestEmail: 'aiko@example.com', checkIn: day(3), checkOut: day(6) });
    expect(await askIn('ja', stay.token, 12, { quantity: 0 })).toEqual({ status: 400, message: 'The quantity is at least 1.' });
    expect(await askIn('ja', stay.token, 999)).toEqual({ status: 404, message: messages.orders.extraNotFound });
    expect(await askIn('ja', stay.token, 12)).toEqual({ status: 201, message: messages.orders.requested });
  });
});
