import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { FREE_INSTRUCTION_LIMIT, UNLIMITED_INSTRUCTIONS } from '../src/lib/shared/plans.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { query } from './helpers/auth.ts';
import { PRICE_IDS, signedInHost, startBillingWorld, subscribe, planOf, type BillingWorld, type Host } from './helpers/billing.ts';

let world: BillingWorld;

beforeAll(async () => {
  world = await startBillingWorld();
});

afterAll(async () => {
  await world?.stop();
});

async function subscribed(priceId: string): Promise<{ host: Host; subscriptionId: string }> {
  const host = await signedInHost(world.server);
  const { subscriptionId } = await subscribe(world, host, priceId);
  return { host, subscriptionId };
}

const change = (host: Host, newPriceId: string, newInterval: 'monthly' | 'yearly') => host.call('/api/update-subscription-price', { json: { newPriceId, newInterval } });
const updateCalls = async (subscriptionId: string) => (await world.control.calls()).filter((call) => call.method === 'POST' && call.path === `/v1/subscriptions/${subscriptionId}`);

describe('upgrade (docs/product.md §4: new features now, billing adjusted)', () => {
  it('Gold → Premium is invoiced now with proration and holds only once paid', async () => {
    const { host, subscriptionId } = await subscribed(PRICE_IDS.gold.monthly);
    const preview = await host.json<Record<string, unknown>>('/api/preview-subscription-change', { json: { newPriceId: PRICE_IDS.premium.monthly } });
    const { currentPeriodEnd } = await host.json<{ currentPeriodEnd: string }>('/api/get-subscription-data');
    expect(preview).toMatchObject({ change: 'upgrade', plan: 'premium', interval: 'monthly', nextPrice: 1000, effectiveAt: currentPeriodEnd });
    expect(preview['amountDueNow']).toBeGreaterThan(0);
    expect(preview['amountDueNow']).toBeLessThanOrEqual(500);

    const response = await change(host, PRICE_IDS.premium.monthly, 'monthly');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: messages.subscription.upgraded, change: 'upgrade' });
    const [update] = await updateCalls(subscriptionId);
    expect(update!.params).toMatchObject({ proration_behavior: 'always_invoice', payment_behavior: 'pending_if_incomplete', items: [{ price: PRICE_IDS.premium.monthly }] });
    expect(update!.idempotencyKey).toMatch(/^upgrade:/);
    expect(await planOf(host)).toBe('premium');
    expect(await host.json('/api/get-subscription-data')).toMatchObject({ plan: 'Premium', price: 1000, paymentInterval: 'monthly', pendingChange: null });
  });

  it('monthly → yearly on the same plan is an upgrade too', async () => {
    const { host } = await subscribed(PRICE_IDS.gold.monthly);
    expect((await change(host, PRICE_IDS.gold.yearly, 'yearly')).status).toBe(200);
    expect(await host.json('/api/get-subscription-data')).toMatchObject({ plan: 'Gold', price: 4800, paymentInterval: 'yearly' });
  });

  it('a declined card leaves the old plan (402) and shows the change waiting for payment', async () => {
    const { host, subscriptionId } = await subscribed(PRICE_IDS.gold.monthly);
    const customer = String((await world.control.state()).subscriptions.find((s) => s.id === subscriptionId)!.customer);
    await world.control.setCardDeclines(customer, true);
    const response = await change(host, PRICE_IDS.premium.monthly, 'monthly');
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ message: messages.billing.upgradeNeedsPayment });
    expect(await planOf(host)).toBe('gold');
    expect(await host.json('/api/get-subscription-data')).toMatchObject({ plan: 'Gold', pendingChange: { plan: 'premium', interval: 'monthly' } });
  });

  it('refuses a price we do not sell, a mismatched interval and the current plan, changing nothing', async () => {
    const { host, subscriptionId } = await subscribed(PRICE_IDS.gold.monthly);
    const cases: Array<[string, 'monthly' | 'yearly', number, string]> = [
      ['price_unknown', 'monthly', 400, messages.billing.unknownPrice],
      [PRICE_IDS.premium.yearly, 'monthly', 400, messages.billing.intervalMismatch],
      [PRICE_IDS.gold.monthly, 'monthly', 409, messages.billing.samePlan],
    ];
    for (const [price, interval, status, message] of cases) {
      const response = await change(host, price, interval);
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ message });
    }
    const bad = await host.call('/api/update-subscription-price', { json: { newPriceId: PRICE_IDS.premium.monthly, newInterval: 'weekly' } });
    expect(bad.status).toBe(400);
    expect(await updateCalls(subscriptionId)).toEqual([]);
  });

  it('a user without a subscription gets 409 for a change, a cancel and the portal', async () => {
    const host = await signedInHost(world.server);
    expect((await change(host, PRICE_IDS.premium.monthly, 'monthly')).status).toBe(409);
    expect(await (await host.call('/api/cancel-subscription', { method: 'POST' })).json()).toEqual({ message: messages.billing.noSubscription });
    expect((await host.call('/api/billing-portal', { method: 'POST' })).status).toBe(409);
  });
});

describe('downgrade (docs/product.md §4: features stay until period end, then the lower plan)', () => {
  it('Premium → Gold makes a schedule, keeps Premium until the period end, then Gold', async () => {
    const { host, subscriptionId } = await subscribed(PRICE_IDS.premium.monthly);
    const preview = await host.json<Record<string, unknown>>('/api/preview-subscription-change', { json: { newPriceId: PRICE_IDS.gold.monthly } });
    expect(preview).toMatchObject({ change: 'downgrade', plan: 'gold', amountDueNow: 0, nextPrice: 500 });

    const response = await change(host, PRICE_IDS.gold.monthly, 'monthly');
    expect(await response.json()).toEqual({ message: messages.subscription.downgraded, change: 'downgrade' });
    const schedule = (await world.control.state()).subscriptionSchedules.find((s) => s.subscription === subscriptionId)!;
    expect(schedule.end_behavior).toBe('release');
    expect(schedule.phases.map((phase) => (typeof phase.items[0]!.price === 'string' ? phase.items[0]!.price : phase.items[0]!.price.id))).toEqual([PRICE_IDS.premium.monthly, PRICE_IDS.gold.monthly]);
    const data = await host.json<Record<string, unknown>>('/api/get-subscription-data');
    expect(data).toMatchObject({ plan: 'Premium', scheduledChange: { plan: 'gold', interval: 'monthly', price: 500, at: data['currentPeriodEnd'] } });
    expect(await planOf(host)).toBe('premium');

    await world.control.advanceToPeriodEnd(subscriptionId);
    expect(await planOf(host)).toBe('gold');
    expect(await host.json('/api/get-subscription-data')).toMatchObject({ plan: 'Gold', price: 500, scheduledChange: null, status: 'active' });
  });

  it('an upgrade after a downgrade releases the schedule first', async () => {
    const { host, subscriptionId } = await subscribed(PRICE_IDS.premium.monthly);
    await change(host, PRICE_IDS.gold.monthly, 'monthly');
    expect((await change(host, PRICE_IDS.premium.yearly, 'yearly')).status).toBe(200);
    const schedules = (await world.control.state()).subscriptionSchedules.filter((s) => s.subscription === subscriptionId);
    expect(schedules.every((s) => s.status === 'released')).toBe(true);
    expect(await host.json('/api/get-subscription-data')).toMatchObject({ plan: 'Premium', paymentInterval: 'yearly', scheduledChange: null });
  });
});

describe('cancel (docs/product.md §4: premium until the period end, no further charge)', () => {
  it('keeps Premium until currentPeriodEnd, then Free', async () => {
    const { host, subscriptionId } = await subscribed(PRICE_IDS.premium.monthly);
    await change(host, PRICE_IDS.gold.monthly, 'monthly');
    const response = await host.call('/api/cancel-subscription/', { method: 'POST' });
    expect(await response.json()).toEqual({ message: messages.subscription.canceled });
    const data = await host.json<Record<string, unknown>>('/api/get-subscription-data');
    expect(data).toMatchObject({ plan: 'Premium', status: 'active', cancelAtPeriodEnd: true, scheduledChange: null });
    expect(await planOf(host)).toBe('premium');

    const again = await host.call('/api/cancel-subscription', { method: 'POST' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: messages.billing.cancelScheduled });
    expect((await change(host, PRICE_IDS.premium.yearly, 'yearly')).status).toBe(409);

    await world.control.advanceToPeriodEnd(subscriptionId);
    expect(await planOf(host)).toBe('free');
    expect(await host.json('/api/get-subscription-data')).toMatchObject({ plan: 'Free', status: 'canceled', price: 0, paymentInterval: null });
  });

  it('opens the Customer Portal for the own customer, coming back to the Plan page', async () => {
    const { host } = await subscribed(PRICE_IDS.gold.monthly);
    const { url } = await host.json<{ url: string }>('/api/billing-portal', { method: 'POST' });
    const portal = (await world.control.state()).portalSessions.at(-1)!;
    expect(url).toBe(portal.url);
    expect(portal.return_url).toBe(`${world.server.origin}/dashboard/currentSubscription`);
    const customer = query<{ customer_id: string }>(world.server, 'SELECT customer_id FROM billing_customers WHERE team_id = ?', host.id)[0]!.customer_id;
    expect(portal.customer).toBe(customer);
  });
});

describe('plan effects everywhere', () => {
  it('limits, locks, support numbers and the guest page follow the subscription', async () => {
    const host = await signedInHost(world.server);
    const create = (name: string) => host.call('/api/instruction', { json: { nameInstruction: name, brandingTitle: 'Harbour Homes', selectedTheme: '#4caf50' } });
    const made: Instruction[] = [];
    for (let i = 0; i < FREE_INSTRUCTION_LIMIT; i += 1) made.push(((await (await create(`Flat ${i}`)).json()) as { instruction: Instruction }).instruction);
    expect((await create('One too many')).status).toBe(403);
    const guest = async () => (await world.server.request(`/instruction/${made[0]!.token}`)).text();
    expect(await guest()).toContain('Made with <a href="/">Porchlight</a>');
    expect(await host.json('/api/users/me')).not.toHaveProperty('supportPhone');

    const { subscriptionId } = await subscribe(world, host, PRICE_IDS.premium.monthly);
    expect((await create('Fourth')).status).toBe(201);
    expect(await host.json('/api/get-subscription-data')).toMatchObject({ instructionsNumber: UNLIMITED_INSTRUCTIONS });
    expect(await host.json('/api/users/me')).toHaveProperty('supportPhone');
    // The snapshot rendered on Free is rebuilt right after the change, off the request path.
    await expect.poll(guest).toContain('Harbour Homes');
    expect(await guest()).toContain('--primary:#4caf50');

    await host.json('/api/cancel-subscription', { method: 'POST' });
    expect(await guest()).toContain('Harbour Homes');
    await world.control.advanceToPeriodEnd(subscriptionId);
    await expect.poll(guest).not.toContain('Harbour Homes');
    expect(await guest()).toContain('--primary:#444444');
    // Made on a paid plan: locked (readable, not editable) once the plan is gone.
    const fourth = query<{ id: string }>(world.server, 'SELECT id FROM instructions WHERE user_id = ? AND is_free = 0', host.id)[0]!;
    expect((await host.call(`/api/instruction/${fourth.id}`, { method: 'POST' })).status).toBe(403);
    expect((await create('Fifth')).status).toBe(403);
  });
});

describe('a period that ends without any webhook', () => {
  let quick: BillingWorld;
  beforeAll(async () => {
    quick = await startBillingWorld({ periodSeconds: 8 });
  });
  afterAll(async () => {
    await quick?.stop();
  });

  it('a canceled plan ends at currentPeriodEnd: API, limits and the guest page, with no event delivered', async () => {
    const host = await signedInHost(quick.server);
    await subscribe(quick, host, PRICE_IDS.premium.monthly);
    const made = ((await (await host.call('/api/instruction', { json: { nameInstruction: 'Loft', brandingTitle: 'Loft Co' } })).json()) as { instruction: Instruction }).instruction;
    await host.json('/api/cancel-subscription', { method: 'POST' });
    // From now on Stripe says nothing.
    await quick.control.setWebhook({ hold: true });
    const guest = async () => (await quick.server.request(`/instruction/${made.token}`)).text();
    const { currentPeriodEnd } = await host.json<{ currentPeriodEnd: string }>('/api/get-subscription-data');
    // While the period runs the page keeps the paid plan's brand; a busy machine may reach this
    // line after the short period's end, and then only what follows is asked.
    const page = await guest();
    if (Date.now() < Date.parse(currentPeriodEnd)) expect(page).toContain('Loft Co');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(currentPeriodEnd) - Date.now()) + 100));

    expect(await planOf(host)).toBe('free');
    expect(await host.json('/api/get-subscription-data')).toMatchObject({ plan: 'Free', status: 'canceled' });
    // The page stored before the cancellation is replaced off the request path by one that expires
    // at the period end; a busy machine may still be rendering it when that end has come.
    await expect.poll(guest).not.toContain('Loft Co');
  });
});
