import { Clock } from 'lucide-react';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { planOf, useMe } from '../../../lib/auth.ts';
import { SupportChannels } from './SupportChannels.tsx';
import { SupportForm } from './SupportForm.tsx';

/** docs/product.md §2 Support/contact page. */
export function SupportScreen() {
  useDocumentTitle('Support');
  const me = useMe();
  const premium = planOf(me.data) === 'premium';

  return (
    <>
      <PageHeader title="Support" description="Questions about your guidebooks, your plan or anything else? We are here to help." />
      <div className="grid gap-6">
        <div className="card flex items-start gap-4 p-6">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
            <Clock className="size-5" aria-hidden="true" />
          </span>
          <div>
            <p className="font-display text-lg font-bold text-ink">24/7 support</p>
            <p className="mt-1 text-muted">Write to us any time, day or night: a real person answers, usually within a few hours. Premium hosts can also call us or message us on WhatsApp and Viber.</p>
          </div>
        </div>
        <SupportChannels premium={premium} phone={premium ? me.data?.supportPhone : null} />
        <SupportForm />
      </div>
    </>
  );
}
