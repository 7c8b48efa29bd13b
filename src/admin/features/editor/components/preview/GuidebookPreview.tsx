import { Car, ExternalLink, MapPin, Phone, ShoppingBag, SquareParking, Wifi } from 'lucide-react';
import type { CSSProperties } from 'react';
import { findHouseRule, houseRuleSvg, type HouseRule } from '@shared/house-rules.ts';
import type { Instruction } from '@shared/schemas/instruction.ts';
import { guestBranding } from '@shared/themes.ts';
import { renderRichText, type MarkerValues } from '../../model/render-rich-text.ts';
import { PreviewSteps } from './PreviewSteps.tsx';
import './preview.css';
import { contactLink, type ContactKind } from '@shared/contact-links.ts';

interface Props {
  form: Instruction;
  premium: boolean;
}

/**
 * SPEC §2 Guest guidebook view, drawn from the form as it is now (unsaved changes included), in
 * the guide's theme. A stand-in until the real guest page: no map, QR or copy buttons.
 */
export function GuidebookPreview({ form, premium }: Props) {
  const { theme, title: brand } = guestBranding({ premium, selectedTheme: form.selectedTheme, brandingTitle: form.brandingTitle });
  const values: MarkerValues = { code: form.code, address: form.address, addressUrl: form.addressUrl };
  const rules = form.selectedHouseRules.map(findHouseRule).filter((rule): rule is HouseRule => rule !== undefined);
  const quickLinks = [
    { href: form.taxiLink, label: 'Taxi', icon: Car },
    { href: form.rentCarLink, label: 'Rent a Car', icon: Car },
    { href: form.foodLink, label: 'Order Food', icon: ShoppingBag },
    { href: form.parkingLink, label: 'Parking', icon: SquareParking },
  ].filter((link) => link.href);
  const contacts = [
    { href: form.phone ? `tel:${form.phone.replace(/[^\d+]/g, '')}` : '', label: form.phone ? `Call ${form.phone}` : '' },
    // What the host typed (a number, a handle) as the link the saved page will use.
    { href: previewLink('whatsapp', form.whatsapp), label: 'WhatsApp' },
    { href: previewLink('viber', form.viber), label: 'Viber' },
    { href: previewLink('telegram', form.telegram), label: 'Telegram' },
    { href: previewLink('facebook', form.facebook), label: 'Facebook' },
    { href: previewLink('instagram', form.instagram), label: 'Instagram' },
  ].filter((contact) => contact.href);
  const style = { '--pv-light': theme.light, '--pv-primary': theme.primary, '--pv-dark': theme.dark, '--pv-text': theme.text } as CSSProperties;

  return (
    <article className="pv mx-auto w-full max-w-md overflow-hidden rounded-[2rem] border border-line shadow-2xl" style={style} aria-label="Guest page preview">
      <header className="pv-header px-5 pb-6 pt-5">
        <p className="text-xs font-semibold uppercase tracking-widest opacity-80">{brand}</p>
        <h2 className="mt-2 font-display text-2xl font-bold">{form.nameInstruction || 'Your instruction name'}</h2>
        {quickLinks.length > 0 ? (
          <div className="mt-4 grid grid-cols-3 gap-2">
            {quickLinks.map(({ href, label, icon: Icon }) => (
              <a key={label} href={href} target="_blank" rel="noopener noreferrer" className="pv-quick">
                <Icon className="size-5" aria-hidden="true" />
                {label}
              </a>
            ))}
          </div>
        ) : null}
      </header>

      <div className="grid gap-6 px-5 py-6">
        {form.address || form.addressUrl ? (
          <section className="pv-card">
            <h3 className="pv-title">
              <MapPin className="size-5" aria-hidden="true" /> Find the Address
            </h3>
            {form.address ? <p>{form.address}</p> : null}
            {form.addressUrl ? (
              <a className="pv-link mt-1 inline-flex items-center gap-1" href={form.addressUrl} target="_blank" rel="noopener noreferrer">
                Open the map <ExternalLink className="size-4" aria-hidden="true" />
              </a>
            ) : null}
          </section>
        ) : null}

        <PreviewSteps title="Check-in" steps={form.boxes} values={values} />

        {form.hostName || form.textGreating || form.photoGreating ? (
          <section className="pv-card">
            <h3 className="pv-title">Welcome</h3>
            <div className="flex items-center gap-3">
              {form.photoGreating ? <img src={form.photoGreating} alt="" className="size-14 rounded-full object-cover" /> : null}
              {form.hostName ? <p className="font-semibold">{form.hostName}</p> : null}
            </div>
            <div className="pv-rich mt-3" dangerouslySetInnerHTML={{ __html: renderRichText(form.textGreating, values) }} />
          </section>
        ) : null}

        {form.wifiName ? (
          <section className="pv-card">
            <h3 className="pv-title">
              <Wifi className="size-5" aria-hidden="true" /> Wi-Fi
            </h3>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="opacity-70">Network</dt>
              <dd className="font-semibold">{form.wifiName}</dd>
              {form.wifiSecurity !== 'nopass' ? (
                <>
                  <dt className="opacity-70">Password</dt>
                  <dd className="break-all font-mono font-semibold">{form.wifiPassword}</dd>
                </>
              ) : null}
            </dl>
          </section>
        ) : null}

        {rules.length > 0 ? (
          <section className="pv-card">
            <h3 className="pv-title">House rules</h3>
            <ul className="grid gap-3">
              {rules.map((rule) => (
                <li key={rule.id} className="flex gap-3">
                  <span className="pv-icon" dangerouslySetInnerHTML={{ __html: houseRuleSvg(rule, 20) }} />
                  <span>
                    <span className="block font-semibold">{rule.name}</span>
                    <span className="text-sm opacity-80">{rule.text}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <PreviewSteps title="Good to know" steps={form.manualBoxes} values={values} />

        {contacts.length > 0 ? (
          <section className="pv-card">
            <h3 className="pv-title">
              <Phone className="size-5" aria-hidden="true" /> Need Help?
            </h3>
            <div className="flex flex-wrap gap-2">
              {contacts.map(({ href, label }) => (
                <a key={label} href={href} target="_blank" rel="noopener noreferrer" className="pv-button">
                  {label}
                </a>
              ))}
            </div>
          </section>
        ) : null}
      </div>
    </article>
  );
}

/** The link a contact field stands for, or none while what is typed is not valid yet. */
function previewLink(kind: ContactKind, typed: string): string {
  const result = contactLink(kind, typed);
  return result.ok ? result.link : '';
}
