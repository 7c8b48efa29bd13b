import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { setHostCurrency } from '@server/settings/set-host-currency.ts';
import { payoutCurrencySchema } from '@shared/payouts.ts';

/** PUT /api/payouts/currency `{ currency }` → the payout state; 400 naming the currencies on offer. */
export const PUT = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'payouts.manage');
  const { currency } = await readBody(context.request, payoutCurrencySchema);
  return json(await setHostCurrency({ access, currency }));
});
