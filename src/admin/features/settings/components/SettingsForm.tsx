import { Link2, ListChecks, MessageSquareHeart, Phone, Share2 } from 'lucide-react';
import { useRef, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import type { ContactKind } from '@shared/contact-links.ts';
import { messages } from '@shared/messages.ts';
import { applyFlagsSchema, settingsSchema, type ApplyFlags, type ApplyGroup, type Settings } from '@shared/schemas/settings.ts';
import { HouseRulesPicker } from '../../../components/ui/HouseRulesPicker.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useSaveSettings } from '../api/save-settings.ts';
import { ContactLinkField } from '../../../components/ui/ContactLinkField.tsx';
import { defaultDialCode, joinPhone, splitPhone } from './dial-codes.ts';
import { greetingToText, hasFormatting, textToGreeting } from './greeting-html.ts';
import { PhoneField } from './PhoneField.tsx';
import { SaveBar } from './SaveBar.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { CheckInOutSettings, pickCheckInOut } from './CheckInOutSettings.tsx';
import { WelcomeField } from './WelcomeField.tsx';

type LinkKey = 'whatsapp' | 'viber' | 'telegram' | 'facebook' | 'instagram' | 'taxiLink' | 'rentCarLink' | 'foodLink';
type Errors = Partial<Record<keyof Settings, string>>;

const NO_FLAGS: ApplyFlags = applyFlagsSchema.parse({});

const MESSENGERS: readonly ContactKind[] = ['whatsapp', 'viber', 'telegram'];
const SOCIALS: readonly ContactKind[] = ['facebook', 'instagram'];
const QUICK_LINKS: readonly { key: 'taxiLink' | 'rentCarLink' | 'foodLink'; label: string; placeholder: string }[] = [
  { key: 'taxiLink', label: 'Taxi', placeholder: 'https://your-taxi.example' },
  { key: 'rentCarLink', label: 'Rent a Car', placeholder: 'https://car-rental.example' },
  { key: 'foodLink', label: 'Order Food', placeholder: 'https://food-delivery.example' },
];

/** The auto-fill form (SPEC §2 Settings), started from the saved settings. */
export function SettingsForm({ initial }: { initial: Settings }) {
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveSettings();
  const [phone, setPhone] = useState(() => splitPhone(initial.phone, defaultDialCode()));
  const [links, setLinks] = useState<Record<LinkKey, string>>(() => pickLinks(initial));
  const [greetingHtml, setGreetingHtml] = useState(initial.textGreating);
  const [greetingText, setGreetingText] = useState<string | null>(null);
  const [rules, setRules] = useState<number[]>([...initial.selectedHouseRules]);
  const [checkInOut, setCheckInOut] = useState(() => pickCheckInOut(initial));
  const [apply, setApply] = useState<ApplyFlags>(NO_FLAGS);
  const [errors, setErrors] = useState<Errors>({});

  const link = (key: LinkKey) => ({
    name: key,
    value: links[key],
    error: errors[key],
    type: 'url' as const,
    inputMode: 'url' as const,
    autoComplete: 'off',
    spellCheck: false,
    onChange: (event: { target: { value: string } }) => setLinks((current) => ({ ...current, [key]: event.target.value })),
  });
  const contact = (kind: ContactKind) => ({
    kind,
    value: links[kind],
    refused: errors[kind] !== undefined,
    onChange: (value: string) => setLinks((current) => ({ ...current, [kind]: value })),
  });
  const contactFields = (kinds: readonly ContactKind[]) => kinds.map((kind) => <ContactLinkField key={kind} {...contact(kind)} />);
  const toggle = (group: ApplyGroup) => ({ apply: apply[group], onApplyChange: (on: boolean) => setApply((current) => ({ ...current, [group]: on })) });

  /** The fields take numbers as typed; each shows the link it becomes. */
  function fillFromPhone() {
    const number = joinPhone(phone.code, phone.number);
    setLinks((current) => ({ ...current, whatsapp: number, viber: number }));
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = settingsSchema.safeParse({
      ...links,
      phone: joinPhone(phone.code, phone.number),
      // Untouched, the stored HTML is sent back as it was (formatting from the editor kept).
      textGreating: greetingText === null ? greetingHtml : textToGreeting(greetingText),
      selectedHouseRules: rules, ...checkInOut,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Settings;
        found[key] ??= issue.message;
      }
      setErrors(found);
      const first = Object.keys(found)[0] === 'phone' ? 'input[type="tel"]' : `[name="${Object.keys(found)[0]}"]`;
      formRef.current?.querySelector<HTMLElement>(first)?.focus();
      return;
    }
    setErrors({});
    setCheckInOut(pickCheckInOut(parsed.data));
    try {
      const { updated } = await save.mutateAsync({ settings: parsed.data, apply });
      toast.success(messages.settings.updated, updated === null ? {} : { description: `Applied to ${updated} existing ${updated === 1 ? 'guidebook' : 'guidebooks'}.` });
      // What the server keeps (bare hosts read as https, numbers and handles as links) is what the form shows now.
      setLinks(pickLinks(parsed.data));
      setGreetingHtml(parsed.data.textGreating);
      setGreetingText(null);
      setApply(NO_FLAGS);
    } catch {
      toast.error(messages.settings.saveFailed);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="grid gap-6" aria-busy={save.isPending}>
      <SettingsSection title="Contact info" description="How guests reach you while they stay." icon={Phone} applies="these contact details" {...toggle('contact')}>
        <PhoneField
          code={phone.code}
          number={phone.number}
          onCodeChange={(code) => setPhone((current) => ({ ...current, code }))}
          onNumberChange={(number) => setPhone((current) => ({ ...current, number }))}
          error={errors.phone}
        />
        {phone.number.replace(/\D/g, '').length >= 5 ? (
          <button type="button" className="btn-ghost -mt-2 justify-self-start whitespace-normal px-3 py-1.5 text-left text-brand-700 dark:text-brand-300" onClick={fillFromPhone}>
            Use this number for WhatsApp and Viber
          </button>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {contactFields(MESSENGERS)}
        </div>
      </SettingsSection>

      <SettingsSection title="Welcome message" description="Greets guests under your name and picture." icon={MessageSquareHeart} applies="this welcome message" {...toggle('greeting')}>
        <WelcomeField
          value={greetingText ?? greetingToText(greetingHtml)}
          formatted={greetingText === null && hasFormatting(greetingHtml)}
          error={errors.textGreating}
          onChange={setGreetingText}
        />
      </SettingsSection>

      <SettingsSection title="Redirection links" description="Quick links at the top of the guidebook." icon={Link2} applies="these links" {...toggle('redirection')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {QUICK_LINKS.map(({ key, label, placeholder }) => (
            <TextField key={key} label={label} placeholder={placeholder} {...link(key)} />
          ))}
        </div>
      </SettingsSection>

      <SettingsSection title="Socials" description="Your pages, for guests who want to follow along." icon={Share2} applies="these social links" {...toggle('socials')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {contactFields(SOCIALS)}
        </div>
      </SettingsSection>

      <SettingsSection title="House rules" description="Pick the rules that fit your place and put them in order." icon={ListChecks} applies="these house rules, in this order" {...toggle('houseRules')}>
        <HouseRulesPicker value={rules} onChange={setRules} />
        {errors.selectedHouseRules ? <p className="field-error dark:text-red-400">{errors.selectedHouseRules}</p> : null}
      </SettingsSection>

      <CheckInOutSettings value={checkInOut} onChange={setCheckInOut} errors={errors} {...toggle('checkout')} />

      <SaveBar apply={apply} busy={save.isPending} />
    </form>
  );
}

function pickLinks(settings: Settings): Record<LinkKey, string> {
  const { whatsapp, viber, telegram, facebook, instagram, taxiLink, rentCarLink, foodLink } = settings;
  return { whatsapp, viber, telegram, facebook, instagram, taxiLink, rentCarLink, foodLink };
}
