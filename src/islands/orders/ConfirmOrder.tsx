import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { t, type WordsOf } from '@shared/guest-words/t.ts';
import type { ConfirmationPage } from '@shared/order-confirmation.ts';
import type { CONFIRM_ORDER_WORDS } from '../guest/island-words.ts';

type Props = {
  page: ConfirmationPage;
  /** The link's confirmation id and token, from the page's address. */
  id: string;
  token: string;
  words: WordsOf<typeof CONFIRM_ORDER_WORDS>;
};

type Outcome = { ok: boolean; message: string };

/**
 * The page of a public-link order's confirmation mail (docs/product/extras-and-orders.md): what was asked for,
 * and one button that confirms it (a POST: opening the page changes nothing, so mail scanners
 * confirm nothing). Confirmed, it is an order the host sees; a priced one of a host who takes
 * payments goes on to Checkout. In the guest's language.
 */
export default function ConfirmOrder({ page, id, token, words }: Props) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const result = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (outcome) result.current?.focus();
  }, [outcome]);

  if (page.state !== 'live') {
    return (
      <div className="card px-6 py-8 text-center sm:px-10">
        <h1 className="font-display text-2xl font-bold tracking-tight text-ink">{words['confirm.title']}</h1>
        <p className="mt-3 text-[0.9375rem] leading-relaxed text-muted">{page.state === 'done' ? words['confirm.already'] : words['confirm.invalid']}</p>
        {page.state === 'done' ? (
          <a href={page.guidebookUrl} className="btn-primary mt-6 w-full py-3 text-base">
            {words['confirm.back']}
          </a>
        ) : null}
      </div>
    );
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(`/api/order-confirmations/${encodeURIComponent(id)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': words['locale.lang'] },
        body: JSON.stringify({ token }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string; checkoutUrl?: string };
      if (response.ok && body.checkoutUrl) {
        window.location.assign(body.checkoutUrl);
        return;
      }
      setOutcome({ ok: response.ok, message: body.message ?? words['extras.failed'] });
    } catch {
      setOutcome({ ok: false, message: navigator.onLine ? words['extras.failed'] : words['extras.offline'] });
    }
    setBusy(false);
  }

  return (
    <div className="card px-6 py-8 sm:px-10 sm:py-10">
      <h1 className="text-center font-display text-2xl font-bold tracking-tight text-ink sm:text-[1.75rem]">{words['confirm.title']}</h1>
      <p className="mt-2 text-center text-[0.9375rem] leading-relaxed text-muted">{t(words, 'confirm.intro', { name: page.guidebookName })}</p>
      <p className="mt-6 border-t border-line pt-4 text-lg font-semibold text-ink [overflow-wrap:anywhere]">{page.title}</p>
      <dl className="mt-2 divide-y divide-line border-b border-line">
        {page.quantity > 1 ? (
          <div className="grid gap-0.5 py-3 sm:grid-cols-[7.5rem_1fr] sm:gap-4">
            <dt className="text-sm font-medium text-muted">{words['extras.quantity']}</dt>
            <dd className="text-[0.9375rem] text-ink">{page.quantity}</dd>
          </div>
        ) : null}
        <div className="grid gap-0.5 py-3 sm:grid-cols-[7.5rem_1fr] sm:gap-4">
          <dt className="text-sm font-medium text-muted">{words['confirm.price']}</dt>
          <dd className="text-[0.9375rem] text-ink">{page.price}</dd>
        </div>
        {page.note ? (
          <div className="grid gap-0.5 py-3 sm:grid-cols-[7.5rem_1fr] sm:gap-4">
            <dt className="text-sm font-medium text-muted">{words['extras.note']}</dt>
            <dd className="min-w-0 text-[0.9375rem] text-ink [overflow-wrap:anywhere]">
              <q className="italic">{page.note}</q>
            </dd>
          </div>
        ) : null}
      </dl>
      {outcome ? (
        <p ref={result} tabIndex={-1} role={outcome.ok ? 'status' : 'alert'} className={`mt-6 text-center text-[0.9375rem] leading-relaxed outline-none ${outcome.ok ? 'text-ink' : 'font-medium text-red-700 dark:text-red-400'}`}>
          {outcome.message}
        </p>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} aria-busy={busy} className="mt-6">
          <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy}>
            {busy ? words['extras.sending'] : page.pays ? words['extras.pay'] : words['confirm.button']}
          </button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <a href={page.guidebookUrl} className="font-semibold text-brand-800 underline-offset-4 hover:underline dark:text-brand-300">
          {words['confirm.back']}
        </a>
      </p>
    </div>
  );
}
