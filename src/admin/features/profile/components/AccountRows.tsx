import { Lock, Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { UserInfo } from '@shared/schemas/auth.ts';
import { EmailDialog } from './EmailDialog.tsx';
import { NameDialog } from './NameDialog.tsx';
import { PasswordDialog } from './PasswordDialog.tsx';

type Editing = 'name' | 'email' | 'password' | null;

interface RowProps {
  label: string;
  value: ReactNode;
  locked: boolean;
  onEdit: () => void;
}

function Row({ label, value, locked, onEdit }: RowProps) {
  return (
    // dt and dd stay direct children of the row's div (the only wrapper a <dl> allows).
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 py-4 first:pt-0 last:pb-0">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="col-start-1 mt-0.5 break-all font-medium text-ink">{value}</dd>
      <dd className="col-start-2 row-span-2 row-start-1">
        {locked ? (
          <span className="inline-flex items-center gap-1.5 rounded-full border border-line px-3 py-1.5 text-sm font-medium text-muted">
            <Lock className="size-3.5" aria-hidden="true" />
            Locked
          </span>
        ) : (
          <button type="button" className="btn-secondary px-4 py-2" onClick={onEdit}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit
            <span className="sr-only">{label.toLowerCase()}</span>
          </button>
        )}
      </dd>
    </div>
  );
}

/**
 * Name, primary e-mail and password, each with its Edit dialog (docs/product.md §2 Profile). Google accounts
 * see "Locked": Google owns those details (docs/product.md §6).
 */
export function AccountRows({ user }: { user: UserInfo }) {
  const [editing, setEditing] = useState<Editing>(null);
  const locked = Boolean(user.googleId);
  const dialog = (which: Exclude<Editing, null>) => ({
    open: editing === which,
    onOpenChange: (open: boolean) => setEditing(open ? which : null),
  });

  return (
    <>
      {locked ? (
        <p className="mb-4 rounded-xl bg-brand-50 px-4 py-3 text-sm text-ink">You sign in with Google, so your name, email and password are managed in your Google account.</p>
      ) : null}
      <dl className="divide-y divide-line">
        <Row label="Name" value={user.name} locked={locked} onEdit={() => setEditing('name')} />
        <Row label="Primary email" value={user.email} locked={locked} onEdit={() => setEditing('email')} />
        <Row label="Password" value={
            <>
              <span aria-hidden="true">••••••••</span>
              <span className="sr-only">Hidden</span>
            </>
          } locked={locked} onEdit={() => setEditing('password')} />
      </dl>
      {locked ? null : (
        <>
          <NameDialog {...dialog('name')} currentName={user.name} />
          <EmailDialog {...dialog('email')} />
          <PasswordDialog {...dialog('password')} />
        </>
      )}
    </>
  );
}
