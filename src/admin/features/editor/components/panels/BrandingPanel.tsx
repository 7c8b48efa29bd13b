import { Check, Palette } from 'lucide-react';
import { findPlan } from '@shared/plans.ts';
import { MAX_TEXT, type Instruction } from '@shared/schemas/instruction.ts';
import { DEFAULT_THEME, findTheme, guestBranding, NON_PREMIUM_THEME, PRODUCT_TITLE, THEMES, type GuestBranding } from '@shared/themes.ts';
import { TextField } from '../../../../../components/ui/TextField.tsx';
import { PremiumBadge } from '../../../../components/ui/PremiumBadge.tsx';
import { useMe } from '../../../../lib/auth.ts';
import { fieldId, type SectionProps } from '../../model/editor-form.ts';
import { useEditorContext } from '../common/editor-context.ts';
import { Section } from '../common/Section.tsx';
import { PlansLink } from '../../../../components/billing/PlansLink.tsx';

/** The guest page's title bar in miniature, in the colours guests get. */
function GuestBrandStrip({ branding, name }: { branding: GuestBranding; name: string }) {
  const { theme, title } = branding;
  return (
    <div className="mb-4">
      <p className="field-label">What guests see</p>
      <div className="rounded-xl border border-line px-4 py-3" style={{ backgroundColor: theme.primary, color: theme.text }} data-testid="guest-brand-strip">
        <p className="truncate text-[0.6875rem] font-semibold uppercase tracking-widest opacity-85">{title}</p>
        <p className="truncate font-display text-base font-bold">{name || 'Your guidebook name'}</p>
      </div>
    </div>
  );
}

/** Why a host below Premium sees the product's branding, and what becomes of their own choice. */
function LockedNote({ form, planName }: { form: Instruction; planName: string }) {
  const saved = form.brandingTitle || form.selectedTheme !== DEFAULT_THEME;
  const savedTitle = form.brandingTitle ? ` with the title “${form.brandingTitle}”` : '';
  return (
    <p className="mt-4 rounded-xl border border-line bg-canvas px-3.5 py-3 text-sm text-muted">
      Guests see the {PRODUCT_TITLE} title and the {findTheme(NON_PREMIUM_THEME).name} theme: on the {planName} plan, guest pages use {PRODUCT_TITLE}&rsquo;s
      branding.{' '}
      {saved ? `Your saved choice, ${findTheme(form.selectedTheme).name}${savedTitle}, comes back on Premium. ` : null}
      <PlansLink className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300" after=" to use your own.">
        Upgrade to Premium
      </PlansLink>
    </p>
  );
}

/**
 * docs/product.md §2 Editor "Branding Title" with the theme swatches: Premium only (§1, §6). Below Premium the
 * panel shows, disabled, what guests actually get (the product's title, the dark theme) and why;
 * the stored values are kept for when the host upgrades.
 */
export function BrandingPanel({ form, patch }: SectionProps) {
  const { premium, readOnly } = useEditorContext();
  const planName = findPlan(useMe().data?.plan ?? 'free').name;
  const locked = !premium || readOnly;
  const branding = guestBranding({ premium, selectedTheme: form.selectedTheme, brandingTitle: form.brandingTitle });
  return (
    <Section id="branding" title="Branding title" icon={Palette} compact aside={<PremiumBadge tone="feature" />} description="Your own title and colours on the guest page.">
      <GuestBrandStrip branding={branding} name={form.nameInstruction} />
      <fieldset disabled={locked} className="grid gap-4 disabled:opacity-70">
        <TextField
          id={fieldId('brandingTitle')}
          label="Title"
          placeholder={form.nameInstruction}
          maxLength={MAX_TEXT}
          value={branding.own ? form.brandingTitle : branding.title}
          onChange={(event) => patch({ brandingTitle: event.target.value })}
        />
        <div role="radiogroup" aria-labelledby={`${fieldId('selectedTheme')}-label`} id={fieldId('selectedTheme')}>
          <span id={`${fieldId('selectedTheme')}-label`} className="field-label">
            Theme
          </span>
          <div className="flex flex-wrap gap-2.5">
            {THEMES.map((theme) => {
              // The theme in effect: the host's choice on Premium, the product's otherwise.
              const checked = branding.theme.value === theme.value;
              return (
                <label key={theme.value} className={`relative ${locked ? '' : 'cursor-pointer'}`} title={theme.name}>
                  <input
                    type="radio"
                    name="selectedTheme"
                    value={theme.value}
                    checked={checked}
                    onChange={() => patch({ selectedTheme: theme.value })}
                    className="peer sr-only"
                  />
                  <span
                    className="flex size-10 items-center justify-center rounded-full border-2 border-line shadow-inner peer-checked:border-brand-500 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500"
                    style={{ backgroundColor: theme.primary, color: theme.text }}
                  >
                    {checked ? <Check className="size-5" aria-hidden="true" /> : null}
                  </span>
                  <span className="sr-only">{theme.name}</span>
                </label>
              );
            })}
          </div>
        </div>
      </fieldset>
      {premium ? null : <LockedNote form={form} planName={planName} />}
    </Section>
  );
}
