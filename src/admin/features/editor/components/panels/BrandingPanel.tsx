import { Check, Palette } from 'lucide-react';
import { Link } from 'react-router';
import { MAX_TEXT } from '@shared/schemas/instruction.ts';
import { THEMES } from '@shared/themes.ts';
import { TextField } from '../../../../components/ui/TextField.tsx';
import { fieldId, type SectionProps } from '../../model/editor-form.ts';
import { useEditorContext } from '../common/editor-context.ts';
import { PremiumBadge } from '../../../../components/ui/PremiumBadge.tsx';
import { Section } from '../common/Section.tsx';

/**
 * SPEC §2 Editor "Branding Title" with the theme swatches: Premium only (§1, §6). Other plans see
 * the panel, disabled, with what it would do and where to upgrade; the stored values are kept.
 */
export function BrandingPanel({ form, patch }: SectionProps) {
  const { premium, readOnly } = useEditorContext();
  const locked = !premium || readOnly;
  return (
    <Section id="branding" title="Branding title" icon={Palette} compact aside={<PremiumBadge tone="feature" />} description="Your own title and colours on the guest page.">
      <fieldset disabled={locked} className="grid gap-4 disabled:opacity-70">
        <TextField
          id={fieldId('brandingTitle')}
          label="Title"
          placeholder={form.nameInstruction}
          maxLength={MAX_TEXT}
          value={form.brandingTitle}
          onChange={(event) => patch({ brandingTitle: event.target.value })}
        />
        <div role="radiogroup" aria-labelledby={`${fieldId('selectedTheme')}-label`} id={fieldId('selectedTheme')}>
          <span id={`${fieldId('selectedTheme')}-label`} className="field-label">
            Theme
          </span>
          <div className="flex flex-wrap gap-2.5">
            {THEMES.map((theme) => {
              const checked = form.selectedTheme === theme.value;
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
      {premium ? null : (
        <p className="mt-3 text-sm text-muted">
          Guests see the Porchlight title and the dark theme.{' '}
          <Link to="/dashboard/upgradePlan" className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">
            Upgrade to Premium
          </Link>{' '}
          to use your own.
        </p>
      )}
    </Section>
  );
}
