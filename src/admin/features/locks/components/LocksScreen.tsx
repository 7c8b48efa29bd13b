import { KeyRound, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage, failureStatus } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { LoadingStatus } from '../../../components/ui/LoadingStatus.tsx';
import { Notice } from '../../../components/ui/Notice.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useMe } from '../../../lib/auth.ts';
import { useCan } from '../../../lib/team-role.ts';
import { useLocks, useStartConnect } from '../api/locks.ts';
import { ConnectReturn } from './ConnectReturn.tsx';
import { LockAccountCard } from './LockAccountCard.tsx';

const WHAT = 'A door code for every stay, set on your lock and shown to your guest once the lock has it.';
const BRANDS = 'August and Yale, Schlage, Nuki, igloohome, TTLock and the other brands Seam connects.';

/** Free or Gold: a card of what the plan lacks, and the way to Premium (checkout for the Owner; the Owner's name for an Admin). */
function PremiumCard({ id, title, canBuy, children }: { id: string; title: string; canBuy: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card grid gap-3 p-4 sm:p-6">
      <h2 id={id} className="font-display text-lg font-bold text-ink">
        {title}
      </h2>
      {children}
      {canBuy ? (
        // A whole page, as the pricing view's: the checkout's own CSP lets Stripe.js in (src/admin/shell/checkout-csp.ts).
        <a href="/dashboard/checkout?plan=premium&interval=monthly" className="btn-primary justify-self-start">
          Upgrade to Premium
        </a>
      ) : (
        <p className="text-sm text-muted">Ask the team’s Owner to upgrade to Premium.</p>
      )}
    </section>
  );
}

const LAPSE_DATE = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Free or Gold with lock accounts still connected (docs/decisions/030-smart-locks.md §14): what
 * still works, and the day Porchlight disconnects them.
 */
function LapsedNotice({ disconnectsAt, canBuy }: { disconnectsAt: number; canBuy: boolean }) {
  return (
    <PremiumCard id="locks-lapsed" title="Your plan no longer includes smart locks" canBuy={canBuy}>
      <p className="text-ink">Door codes already on your locks work until their stays end. New stays get no code of their own.</p>
      <p className="text-ink">
        Porchlight disconnects these lock accounts on <strong>{LAPSE_DATE.format(disconnectsAt)}</strong>, unless you upgrade before then. You can also disconnect them yourself now.
      </p>
    </PremiumCard>
  );
}

/** "Connect a lock account": the browser leaves for Seam's page and comes back here (docs/decisions/030-smart-locks.md §3). */
function ConnectButton({ first }: { first: boolean }) {
  const start = useStartConnect();
  return (
    <div className="grid gap-2">
      <button
        type="button"
        className={`${first ? 'btn-primary' : 'btn-secondary'} justify-self-start aria-disabled:cursor-wait aria-disabled:opacity-60`}
        aria-disabled={start.isPending || undefined}
        onClick={() => !start.isPending && start.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
      >
        {start.isPending ? <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <KeyRound className="size-4" aria-hidden="true" />}
        {first ? 'Connect a lock account' : 'Connect another lock account'}
      </button>
      {start.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {errorMessage(start.error, messages.locks.unreachable)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * /dashboard/locks, "Smart locks" (docs/product/locks.md, docs/decisions/030-smart-locks.md §13):
 * for the Owner and Admins. Off on this server: the 503 sentence alone. Free or Gold: the upgrade.
 * Premium: connect a lock account through Seam, each account's locks, and the guidebook each opens.
 * A plan that lapsed with accounts connected: when they go, and each account with Disconnect.
 */
export function LocksScreen() {
  useDocumentTitle('Smart locks');
  const me = useMe();
  const can = useCan();
  const manage = can('locks.manage');
  const list = useLocks(manage);
  const frame = (body: ReactNode) => (
    <>
      <PageHeader title="Smart locks" description={list.isSuccess && list.data.included ? WHAT : undefined} />
      <div className="grid max-w-3xl gap-6">{body}</div>
    </>
  );
  if (!me.isPending && !manage) return frame(<Notice>{messages.locks.cannotManage}</Notice>);
  if (list.isPending) return frame(<LoadingStatus>Loading smart locks…</LoadingStatus>);
  if (list.isError) {
    return frame(
      failureStatus(list.error) === 503 ? (
        <Notice>{errorMessage(list.error, messages.locks.notConfigured)}</Notice>
      ) : (
        <LoadError message={errorMessage(list.error, messages.locks.loadFailed)} onRetry={() => void list.refetch()} />
      ),
    );
  }
  const { included, accounts, guidebooks, disconnectsAt } = list.data;
  if (!included && disconnectsAt !== null) {
    return frame(
      <>
        <LapsedNotice disconnectsAt={disconnectsAt} canBuy={can('billing.manage')} />
        {accounts.map((account) => (
          <LockAccountCard key={account.id} account={account} guidebooks={guidebooks} lapsed />
        ))}
      </>,
    );
  }
  if (!included) {
    return frame(
      <PremiumCard id="locks-upgrade" title="Smart locks are part of Premium" canBuy={can('billing.manage')}>
        <p className="text-ink">{WHAT}</p>
        <p className="text-sm text-muted">{BRANDS}</p>
      </PremiumCard>,
    );
  }
  return frame(
    <>
      {list.data.keyRefused ? <Notice>{messages.locks.keyRefused}</Notice> : null}
      <ConnectReturn />
      {accounts.map((account) => (
        <LockAccountCard key={account.id} account={account} guidebooks={guidebooks} />
      ))}
      {accounts.length === 0 ? <p className="text-muted">{BRANDS} Sign in to your lock’s account on Seam’s page, and your locks are listed here.</p> : null}
      <ConnectButton first={accounts.length === 0} />
    </>,
  );
}
