import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useCan } from '../../../lib/team-role.ts';
import { useUserInfo } from '../../../lib/user-store.ts';
import { AccountRows } from './AccountRows.tsx';
import { CurrentPlanCard } from './CurrentPlanCard.tsx';
import { PictureCard } from './PictureCard.tsx';

/** One titled card of the profile; its heading names the region. */
function ProfileCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="card p-6">
      <h2 id={`${id}-title`} className="mb-5 font-display text-lg font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** docs/product.md §2 Profile: picture, name, primary e-mail, password and the current plan. */
export function ProfileScreen() {
  useDocumentTitle('Profile');
  const user = useUserInfo();
  const can = useCan();

  return (
    <>
      <PageHeader title="Profile" description="Your account details, how you sign in, and your plan." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-6">
          {user ? (
            <>
              <ProfileCard id="picture" title="Picture">
                <PictureCard user={user} />
              </ProfileCard>
              <ProfileCard id="account" title="Account">
                <AccountRows user={user} />
              </ProfileCard>
            </>
          ) : (
            <div className="card h-64 animate-pulse p-6" aria-busy="true" aria-label="Loading your account" />
          )}
        </div>
        {/* The team's plan is the Owner's to see and change (docs/product.md §6 Team roles). */}
        {can('billing.manage') ? <CurrentPlanCard /> : null}
      </div>
    </>
  );
}
