import { changePrice, itemOfSubscription, LIVE_STATUSES, type ProrationBehavior } from './billing.ts';
import { ALLOWED, checkEach, checkParams, invalid, missingParam } from './errors.ts';
import { list, mergeMetadata, obj, str, type FormParams } from './form.ts';
import { newId, type Phase, type SubscriptionSchedule } from './objects.ts';
import type { World } from './world.ts';

const PRORATION_BEHAVIORS = new Set(['always_invoice', 'create_prorations', 'none']);
const END_BEHAVIORS = new Set(['release', 'cancel', 'none', 'renew']);
const DURATION_INTERVALS = new Set(['day', 'week', 'month', 'year']);

export function prorationBehaviorOf(value: string | undefined, param: string): ProrationBehavior {
  if (value === undefined) return 'create_prorations';
  if (!PRORATION_BEHAVIORS.has(value)) throw invalid(`Invalid ${param}: must be one of always_invoice, create_prorations, or none`, param);
  return value as ProrationBehavior;
}

function phaseOf(price: string, start: number, end: number, proration: ProrationBehavior): Phase {
  return {
    add_invoice_items: [],
    application_fee_percent: null,
    billing_cycle_anchor: null,
    collection_method: null,
    currency: 'eur',
    default_payment_method: null,
    description: null,
    discounts: [],
    end_date: end,
    invoice_settings: null,
    items: [{ billing_thresholds: null, discounts: [], metadata: {}, plan: price, price, quantity: 1, tax_rates: [] }],
    metadata: {},
    on_behalf_of: null,
    proration_behavior: proration,
    start_date: start,
    transfer_data: null,
    trial_end: null,
  };
}

function timeOf(world: World, value: string, param: string): number {
  if (value === 'now') return world.now();
  if (!/^\d+$/.test(value)) throw invalid('Invalid timestamp: must be an integer Unix timestamp in the future.', param);
  return Number(value);
}

/** `from_subscription` only: the one way our app creates schedules (to plan a downgrade). */
export function createSchedule(world: World, params: FormParams): SubscriptionSchedule {
  checkParams(params, ALLOWED.scheduleCreate);
  const from = str(params['from_subscription']);
  if (!from) throw invalid('The stand-in creates subscription schedules only with from_subscription.', 'from_subscription');
  for (const key of ['phases', 'customer', 'start_date', 'end_behavior', 'default_settings']) {
    if (params[key] !== undefined) throw invalid(`You cannot set \`${key}\` if \`from_subscription\` is set.`, key);
  }
  const subscription = world.subscription(from, 'from_subscription', 400);
  if (subscription.schedule) {
    throw invalid(`You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule}\`.`, 'from_subscription');
  }
  if (!LIVE_STATUSES.has(subscription.status)) {
    throw invalid(`You cannot migrate a subscription in the \`${subscription.status}\` status to a schedule.`, 'from_subscription');
  }
  const item = itemOfSubscription(subscription);
  const before = structuredClone(subscription);
  const schedule: SubscriptionSchedule = {
    id: newId('sub_sched'),
    object: 'subscription_schedule',
    application: null,
    canceled_at: null,
    completed_at: null,
    created: world.now(),
    current_phase: { start_date: item.current_period_start, end_date: item.current_period_end },
    customer: subscription.customer,
    end_behavior: 'release',
    livemode: false,
    metadata: mergeMetadata({}, params['metadata']),
    phases: [phaseOf(item.price.id, item.current_period_start, item.current_period_end, 'create_prorations')],
    released_at: null,
    released_subscription: null,
    status: 'active',
    subscription: subscription.id,
    test_clock: null,
  };
  world.schedules.set(schedule.id, schedule);
  subscription.schedule = schedule.id;
  world.emit('subscription_schedule.created', schedule);
  world.emit('customer.subscription.updated', subscription, before);
  return schedule;
}

function assertChangeable(schedule: SubscriptionSchedule, verb: string): void {
  if (schedule.status !== 'active' && schedule.status !== 'not_started') {
    throw invalid(`You cannot ${verb} a subscription schedule that is currently in the \`${schedule.status}\` status. It must be in \`not_started\` or \`active\`.`);
  }
}

function phasesOf(world: World, schedule: SubscriptionSchedule, raw: FormParams[]): Phase[] {
  const phases: Phase[] = [];
  raw.forEach((phase, index) => {
    const name = `phases[${index}]`;
    const items = list(phase['items']);
    checkEach(items, ALLOWED.schedulePhaseItem, `${name}[items]`);
    if (items.length === 0) throw missingParam(`${name}[items]`);
    if (items.length > 1) throw invalid('The stand-in supports one item per phase.', `${name}[items]`);
    const item = obj(items[0]) ?? {};
    const price = world.price(str(item['price']), `${name}[items][0][price]`);
    if ((str(item['quantity']) ?? '1') !== '1') throw invalid('The stand-in supports quantity 1 only.', `${name}[items][0][quantity]`);
    const previous = phases[index - 1];
    const startRaw = str(phase['start_date']);
    const start = startRaw !== undefined ? timeOf(world, startRaw, `${name}[start_date]`) : (previous?.end_date ?? schedule.current_phase?.start_date ?? world.now());
    if (index === 0 && schedule.current_phase && start !== schedule.current_phase.start_date) {
      throw invalid('You can not modify the start date of the current phase.', `${name}[start_date]`);
    }
    if (previous && start !== previous.end_date) {
      throw invalid(`The start_date of phase ${index} must equal the end_date of phase ${index - 1}.`, `${name}[start_date]`);
    }
    const endRaw = str(phase['end_date']);
    const duration = obj(phase['duration']);
    if (endRaw !== undefined && duration) throw invalid('You may only specify one of these parameters: duration, end_date.', `${name}[duration]`);
    let end: number;
    if (duration) {
      const interval = str(duration['interval']) ?? '';
      if (!DURATION_INTERVALS.has(interval)) throw invalid('Invalid duration interval: must be one of day, week, month, or year', `${name}[duration][interval]`);
      const count = Number(str(duration['interval_count']) ?? '1');
      if (!Number.isInteger(count) || count < 1) throw invalid('Invalid integer', `${name}[duration][interval_count]`);
      const days = interval === 'day' ? 1 : interval === 'week' ? 7 : 0;
      end = days > 0 ? start + days * 86_400 * count : world.periodEnd(start, interval as 'month' | 'year', count);
    } else if (endRaw !== undefined) {
      end = timeOf(world, endRaw, `${name}[end_date]`);
    } else if (index < raw.length - 1) {
      throw invalid(`Missing required param: ${name}[end_date]. Every phase but the last needs end_date or duration.`, `${name}[end_date]`, 'parameter_missing');
    } else {
      end = world.periodEnd(start, price.recurring.interval);
    }
    if (end <= start) throw invalid(`The end_date of phase ${index} must be after its start_date.`, `${name}[end_date]`);
    phases.push(phaseOf(price.id, start, end, prorationBehaviorOf(str(phase['proration_behavior']), `${name}[proration_behavior]`)));
  });
  return phases;
}

export function updateSchedule(world: World, schedule: SubscriptionSchedule, params: FormParams): SubscriptionSchedule {
  checkParams(params, ALLOWED.scheduleUpdate);
  assertChangeable(schedule, 'update');
  const endBehavior = str(params['end_behavior']);
  if (endBehavior !== undefined && !END_BEHAVIORS.has(endBehavior)) throw invalid('Invalid end_behavior: must be one of cancel, none, release, or renew', 'end_behavior');
  const proration = prorationBehaviorOf(str(params['proration_behavior']), 'proration_behavior');
  const raw = list(params['phases']);
  checkEach(raw, ALLOWED.schedulePhase, 'phases');
  const phases = raw.length > 0 ? phasesOf(world, schedule, raw as FormParams[]) : undefined;
  const before = structuredClone(schedule);
  if (endBehavior !== undefined) schedule.end_behavior = endBehavior as SubscriptionSchedule['end_behavior'];
  schedule.metadata = mergeMetadata(schedule.metadata, params['metadata']);
  const subscription = schedule.subscription ? world.subscriptions.get(schedule.subscription) : undefined;
  if (phases?.[0]) {
    schedule.phases = phases;
    schedule.current_phase = { start_date: phases[0].start_date, end_date: phases[0].end_date };
    // A new price in the current phase applies to the subscription now, as on Stripe.
    const current = phases[0].items[0]?.price;
    if (subscription && current && itemOfSubscription(subscription).price.id !== current) {
      const subscriptionBefore = structuredClone(subscription);
      changePrice(world, subscription, { price: world.price(current, 'phases[0][items][0][price]'), proration, payment: 'allow_incomplete', at: world.now() });
      world.emit('customer.subscription.updated', subscription, subscriptionBefore);
    }
  }
  world.emit('subscription_schedule.updated', schedule, before);
  return schedule;
}

export function releaseSchedule(world: World, schedule: SubscriptionSchedule): SubscriptionSchedule {
  assertChangeable(schedule, 'release');
  const subscription = schedule.subscription ? world.subscriptions.get(schedule.subscription) : undefined;
  const before = subscription ? structuredClone(subscription) : undefined;
  Object.assign(schedule, {
    status: 'released',
    released_at: world.now(),
    released_subscription: schedule.subscription,
    subscription: null,
    current_phase: null,
  });
  world.emit('subscription_schedule.released', schedule);
  if (subscription && before) {
    subscription.schedule = null;
    world.emit('customer.subscription.updated', subscription, before);
  }
  return schedule;
}
