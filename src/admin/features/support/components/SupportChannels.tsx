import { MessageCircle, Phone, PhoneCall, type LucideIcon } from 'lucide-react';
import { IconBadge } from '../../../components/ui/IconBadge.tsx';
import { PlansLink } from '../../../components/billing/PlansLink.tsx';

interface Channel {
  label: string;
  icon: LucideIcon;
  href: (digits: string) => string;
}

const CHANNELS: readonly Channel[] = [
  { label: 'Phone', icon: Phone, href: (digits) => `tel:+${digits}` },
  { label: 'WhatsApp', icon: MessageCircle, href: (digits) => `https://wa.me/${digits}` },
  { label: 'Viber', icon: PhoneCall, href: (digits) => `viber://chat?number=%2B${digits}` },
];

/** What a non-premium user sees instead of the number (the server never sends it to them). */
const MASKED = '+•• ••• ••• •••';

interface Props {
  premium: boolean;
  /** Present only when the server sends it, i.e. to premium users. */
  phone: string | null | undefined;
}

/**
 * docs/product.md §2 Support: phone, WhatsApp and Viber. The number is shown to premium users only; everyone
 * else sees a "Premium" badge and a masked number (docs/product.md §6).
 */
export function SupportChannels({ premium, phone }: Props) {
  const digits = phone?.replace(/\D/g, '') ?? '';
  return (
    <section aria-labelledby="channels-title">
      <h2 id="channels-title" className="sr-only">Phone support</h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {CHANNELS.map(({ label, icon: Icon, href }) => (
          <li key={label} className="card flex items-center gap-3 p-4">
            <IconBadge icon={Icon} className="size-11 shrink-0 rounded-xl" iconClassName="size-5" />
            <div className="min-w-0">
              <p className="flex items-center gap-2 text-sm font-semibold text-ink">
                {label}
                {premium ? null : (
                  <span className="rounded-full bg-brand-700 px-2 py-0.5 text-[0.6875rem] font-bold uppercase tracking-wide text-white">Premium</span>
                )}
              </p>
              {digits ? (
                <a href={href(digits)} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300" {...(label === 'WhatsApp' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                  {phone}
                </a>
              ) : (
                <p className="text-sm text-muted">
                  <span aria-hidden="true">{MASKED}</span>
                  <span className="sr-only">{premium ? 'Number not available right now' : 'Number shown on the Premium plan'}</span>
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
      {premium ? null : (
        <p className="mt-3 text-sm text-muted">
          Phone, WhatsApp and Viber support come with Premium.{' '}
          <PlansLink className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">See plans</PlansLink>
        </p>
      )}
    </section>
  );
}
