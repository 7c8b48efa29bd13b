import { DEFAULT_CURRENCY, isCurrency, repricedAmount, type Currency } from '@shared/currencies.ts';
import type { Extra } from '@shared/schemas/instruction.ts';
import { getRuntime } from '../platform/runtime.ts';

/**
 * One currency per team (docs/decisions/020-extras-and-the-money-flow.md, 028 §8): the one chosen
 * on the Payouts screen, else the default. Every extra the team writes is priced in it.
 */
export async function hostCurrency(teamId: string): Promise<Currency> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('payout_accounts').select('currency').where('team_id', '=', teamId).executeTakeFirst();
  return row && isCurrency(row.currency) ? row.currency : DEFAULT_CURRENCY;
}

/** `extras` priced in `currency` (the same numbers, repricedAmount), or null when they all are already. */
export function repricedExtras(extras: readonly Extra[], currency: Currency): Extra[] | null {
  if (extras.every((extra) => extra.currency === currency)) return null;
  return extras.map((extra) => (extra.currency === currency ? extra : { ...extra, currency, price: repricedAmount(extra.price, extra.currency, currency) }));
}

/**
 * A guidebook or Auto-Fill's settings as they are saved: extras sent in another currency (an old
 * editor tab, a script) take the host's, their numbers kept, rather than selling in two currencies.
 */
export async function inHostCurrency<T extends { extras: Extra[] }>(teamId: string, value: T): Promise<T> {
  if (value.extras.length === 0) return value;
  const extras = repricedExtras(value.extras, await hostCurrency(teamId));
  return extras ? { ...value, extras } : value;
}
