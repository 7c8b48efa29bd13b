import { Link2, ListChecks, MapPinned, MessageSquareHeart, Phone, Share2, ShoppingBag } from 'lucide-react';
import { useRef, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import type { ContactKind } from '@shared/contact-links.ts';
import { DEFAULT_CURRENCY } from '@shared/currencies.ts';
import { messages } from '@shared/messages.ts';
import { MAX_EXTRAS, MAX_PHONE, MAX_PLACES, type ChannelRules, type Extra, type Place } from '@shared/schemas/instruction.ts';
import { applyFlagsSchema, settingsSchema, type ApplyFlags, type ApplyGroup, type ApplyPreview, type Settings } from '@shared/schemas/settings.ts';
import { RichTextField } from '../../../components/rich-text/RichTextField.tsx';
import { ExtraList } from '../../../components/extras/ExtraList.tsx';
import { PlaceList } from '../../../components/places/PlaceList.tsx';
import { HouseRulesPicker } from '../../../components/ui/HouseRulesPicker.tsx';
import { TextField } from '../../../../components/ui/TextField.tsx';
import { applies, previewApply, useSaveSettings, useUndoApply, type SaveSettingsInput } from '../api/save-settings.ts';
import { ContactLinkField } from '../../../components/ui/ContactLinkField.tsx';
import { ApplyPreviewDialog } from './ApplyPreviewDialog.tsx';
import { SaveBar } from './SaveBar.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { SortableDefaults } from './SortableDefaults.tsx';
import { CheckInOutSettings, pickCheckInOut } from './CheckInOutSettings.tsx';
import { ChannelRulesSettings } from './ChannelRulesSettings.tsx';

type LinkKey = 'whatsapp' | 'viber' | 'telegram' | 'facebook' | 'instagram' | 'taxiLink' | 'rentCarLink' | 'foodLink' | 'parkingLink';
type Errors = Partial<Record<keyof Settings, string>>;

const NO_FLAGS: ApplyFlags = applyFlagsSchema.parse({});

const MESSENGERS: readonly ContactKind[] = ['whatsapp', 'viber', 'telegram'];
const SOCIALS: readonly ContactKind[] = ['facebook', 'instagram'];
/** The same links, labels and hints as the editor's "Quick links" (features/editor LinkFields). */
const QUICK_LINKS: readonly { key: 'taxiLink' | 'rentCarLink' | 'foodLink' | 'parkingLink'; label: string; placeholder: string }[] = [
  { key: 'taxiLink', label: 'Taxi', placeholder: 'https://your-taxi.example' },
  { key: 'rentCarLink', label: 'Rent a Car', placeholder: 'https://car-rental.example' },
  { key: 'foodLink', label: 'Order Food', placeholder: 'https://food-delivery.example' },
  { key: 'parkingLink', label: 'Parking', placeholder: 'https://maps.example/parking' },
];

/** Auto-Fill's place fields have ids of their own: `settings-places-<id>-<field>`. */
const placeFieldId = (...path: ReadonlyArray<string | number>) => ['settings', 'places', ...path].join('-');
/** And so have its extras': `settings-extras-<id>-<field>`. */
const extraFieldId = (...path: ReadonlyArray<string | number>) => ['settings', 'extras', ...path].join('-');

/** A phone number worth offering to WhatsApp and Viber (five digits or more). */
function usablePhone(phone: string): boolean {
  return phone.replace(/\D/g, '').length >= 5;
}

/** The auto-fill form (docs/product.md §2 Settings), started from the saved settings. */
export function SettingsForm({ initial }: { initial: Settings }) {
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveSettings();
  const undo = useUndoApply();
  const [phone, setPhone] = useState(initial.phone);
  const [links, setLinks] = useState<Record<LinkKey, string>>(() => pickLinks(initial));
  const [greeting, setGreeting] = useState(initial.textGreating);
  const [rules, setRules] = useState<number[]>([...initial.selectedHouseRules]);
  const [checkInOut, setCheckInOut] = useState(() => pickCheckInOut(initial));
  const [places, setPlaces] = useState<Place[]>(() => [...initial.places]);
  const [extras, setExtras] = useState<Extra[]>(() => [...initial.extras]);
  const [channelRules, setChannelRules] = useState<ChannelRules>(() => structuredClone(initial.channelRules));
  const [apply, setApply] = useState<ApplyFlags>(NO_FLAGS);
  const [errors, setErrors] = useState<Errors>({});
  // "Apply to existing": the preview the host is asked about, and the last apply, to undo.
  const [pending, setPending] = useState<SaveSettingsInput | null>(null);
  const [preview, setPreview] = useState<ApplyPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [lastApply, setLastApply] = useState<{ batchId: string; updated: number } | null>(null);

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
    setLinks((current) => ({ ...current, whatsapp: phone.trim(), viber: phone.trim() }));
  }

  async function readPreview(input: SaveSettingsInput) {
    setPreviewing(true);
    try {
      setPreview(await previewApply(input));
    } catch {
      setPending(null);
      toast.error(messages.settings.saveFailed);
    } finally {
      setPreviewing(false);
    }
  }

  async function undoLastApply() {
    if (!lastApply || undo.isPending) return;
    try {
      const { message } = await undo.mutateAsync(lastApply.batchId);
      setLastApply(null);
      toast.success(message);
    } catch {
      toast.error('The change could not be undone. Try again.');
    }
  }

  async function store(input: SaveSettingsInput) {
    try {
      const { updated, batchId } = await save.mutateAsync(input);
      setPending(null);
      setPreview(null);
      if (updated !== null && updated > 0 && batchId) setLastApply({ batchId, updated });
      toast.success(messages.settings.updated, updated === null ? {} : { description: `Applied to ${updated} existing ${updated === 1 ? 'guidebook' : 'guidebooks'}.` });
      // What the server keeps (bare hosts read as https, numbers and handles as links) is what the form shows now.
      setLinks(pickLinks(input.settings));
      setGreeting(input.settings.textGreating);
      setApply(NO_FLAGS);
    } catch {
      toast.error(messages.settings.saveFailed);
    }
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = settingsSchema.safeParse({ ...links, phone, textGreating: greeting, selectedHouseRules: rules, ...checkInOut, places, extras, channelRules });
    if (!parsed.success) {
      const found: Errors = {};
      let placeField: string | null = null;
      let extraField: string | null = null;
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Settings;
        found[key] ??= issue.message;
        // "Place 2 (Bakery Mlinar): the website must be a link": the focus goes to that field.
        const [, index, field] = issue.path;
        const place = key === 'places' && typeof index === 'number' ? places[index] : undefined;
        if (place && !placeField) placeField = placeFieldId(place.id, typeof field === 'string' ? field : 'name');
        const extra = key === 'extras' && typeof index === 'number' ? extras[index] : undefined;
        // The currency has no field of its own: it is the price's suffix.
        if (extra && !extraField) extraField = extraFieldId(extra.id, field === 'currency' ? 'price' : typeof field === 'string' ? field : 'title');
      }
      setErrors(found);
      const first = Object.keys(found)[0];
      const itemField = first === 'places' ? placeField : first === 'extras' ? extraField : null;
      const target = itemField ? document.getElementById(itemField) : formRef.current?.querySelector<HTMLElement>(`[name="${first}"], #settings-${first}`);
      target?.focus();
      return;
    }
    setErrors({});
    setCheckInOut(pickCheckInOut(parsed.data));
    const input: SaveSettingsInput = { settings: parsed.data, apply, clearEmptyFields: false };
    if (!applies(apply)) return store(input);
    // Existing guidebooks change: say how, and ask first.
    setPending(input);
    setPreview(null);
    await readPreview(input);
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="grid gap-6" aria-busy={save.isPending}>
      <SettingsSection title="Contact info" description="How guests reach you while they stay." icon={Phone} applies="these contact details" {...toggle('contact')}>
        <TextField
          name="phone"
          label="Phone (with country code)"
          type="tel"
          autoComplete="tel"
          placeholder="+385 91 555 0101"
          maxLength={MAX_PHONE}
          value={phone}
          error={errors.phone}
          onChange={(event) => setPhone(event.target.value)}
        />
        {usablePhone(phone) ? (
          <button type="button" className="btn-ghost -mt-2 justify-self-start whitespace-normal px-3 py-1.5 text-left text-brand-700 dark:text-brand-300" onClick={fillFromPhone}>
            Use this number for WhatsApp and Viber
          </button>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {contactFields(MESSENGERS)}
        </div>
      </SettingsSection>

      <SettingsSection title="Welcome message" description="Greets guests under your name and picture." icon={MessageSquareHeart} applies="this welcome message" {...toggle('greeting')}>
        <RichTextField id="settings-textGreating" label="Welcome message" value={greeting} onChange={setGreeting} />
        {errors.textGreating ? <p className="field-error dark:text-red-400">{errors.textGreating}</p> : null}
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

      <SettingsSection
        title="Recommendations"
        description="Places every guidebook may recommend: the bakery, the beach, the pharmacy. Applying adds the ones a guidebook does not have yet and never removes its own."
        icon={MapPinned}
        applies="the places they do not have yet"
        {...toggle('places')}
      >
        <SortableDefaults error={errors.places}>
          {(announce) => (
            <PlaceList places={places} update={setPlaces} readOnly={false} announce={announce} fieldId={placeFieldId} fullText={`Auto-Fill holds at most ${MAX_PLACES} places.`} deleteText={messages.settings.confirmDeletionText} />
          )}
        </SortableDefaults>
      </SettingsSection>

      <SettingsSection
        title="Extras"
        description="What every guidebook may offer: a late check-out, a breakfast basket. Applying adds the ones a guidebook does not have yet (never a second late check-out or early check-in) and never removes its own."
        icon={ShoppingBag}
        applies="the extras they do not have yet"
        {...toggle('extras')}
      >
        <SortableDefaults error={errors.extras}>
          {(announce) => (
            <ExtraList
              extras={extras}
              update={setExtras}
              // One currency per host (docs/decisions/020-extras-and-the-money-flow.md): the one the defaults already use.
              currency={extras[0]?.currency ?? DEFAULT_CURRENCY}
              readOnly={false}
              announce={announce}
              fieldId={extraFieldId}
              fullText={`Auto-Fill holds at most ${MAX_EXTRAS} extras.`}
              deleteText={messages.settings.confirmDeletionText}
            />
          )}
        </SortableDefaults>
      </SettingsSection>

      <ChannelRulesSettings value={channelRules} onChange={setChannelRules} error={errors.channelRules} {...toggle('channels')} />

      <SaveBar apply={apply} busy={save.isPending || previewing} applied={lastApply ? { updated: lastApply.updated, undoing: undo.isPending, onUndo: () => void undoLastApply() } : null} />

      <ApplyPreviewDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        preview={preview}
        loading={previewing}
        clearEmptyFields={pending?.clearEmptyFields ?? false}
        onClearEmptyFieldsChange={(clearEmptyFields) => {
          if (!pending) return;
          const next = { ...pending, clearEmptyFields };
          setPending(next);
          void readPreview(next);
        }}
        busy={save.isPending}
        onApply={() => pending && void store(pending)}
        onSaveOnly={() => pending && void store({ ...pending, apply: NO_FLAGS })}
      />
    </form>
  );
}

function pickLinks(settings: Settings): Record<LinkKey, string> {
  const { whatsapp, viber, telegram, facebook, instagram, taxiLink, rentCarLink, foodLink, parkingLink } = settings;
  return { whatsapp, viber, telegram, facebook, instagram, taxiLink, rentCarLink, foodLink, parkingLink };
}
