import { ScrollText } from 'lucide-react';
import { instructionFields, MAX_TEXT, type Box, type Extra, type ManualBox, type Place } from '@shared/schemas/instruction.ts';
import { GuestPageLink } from '../../../components/sharing/GuestPageLink.tsx';
import { HouseRulesPicker } from '../../../components/ui/HouseRulesPicker.tsx';
import { bindName, fieldId, newBox, newManualBox, type FormIssue, type SectionProps } from '../model/editor-form.ts';
import { useEditorContext } from './common/editor-context.ts';
import { Section } from './common/Section.tsx';
import { ChannelRulesSection } from './extras/ChannelRulesSection.tsx';
import { ExtrasSection } from './extras/ExtrasSection.tsx';
import { PlacesSection } from './places/PlacesSection.tsx';
import { AddressPanel } from './panels/AddressPanel.tsx';
import { BrandingPanel } from './panels/BrandingPanel.tsx';
import { CheckInOutPanel } from './panels/CheckInOutPanel.tsx';
import { CoverPhotoPanel } from './panels/CoverPhotoPanel.tsx';
import { GuestAccessPanel } from './panels/GuestAccessPanel.tsx';
import { LockBoxPanel } from './panels/LockBoxPanel.tsx';
import { RedirectionPanel } from './panels/RedirectionPanel.tsx';
import { ContactSection } from './sections/ContactSection.tsx';
import { WelcomeSection } from './sections/WelcomeSection.tsx';
import { WifiSection } from './sections/WifiSection.tsx';
import { ADDITIONAL_INFO, CHECK_IN_STEPS } from './steps/step-lists.ts';
import { StepsSection } from './steps/StepsSection.tsx';

interface Props extends SectionProps {
  updateBoxes: (change: (boxes: Box[]) => Box[]) => void;
  updateManualBoxes: (change: (boxes: ManualBox[]) => ManualBox[]) => void;
  updatePlaces: (change: (places: Place[]) => Place[]) => void;
  updateExtras: (change: (extras: Extra[]) => Extra[]) => void;
  /** What the last save attempt found (validateForm): a field it names says what is wrong there. */
  issues: readonly FormIssue[];
}

const NAME_ID = fieldId('nameInstruction');

/**
 * The name's own message, under the field: once a save was refused for it, and only while the name
 * still fails the shared rule (it goes as soon as the host types one).
 */
function nameProblem(name: string, issues: readonly FormIssue[]): string | undefined {
  if (!issues.some((issue) => issue.fieldId === NAME_ID)) return undefined;
  const parsed = instructionFields.nameInstruction.safeParse(name);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * The sections of docs/product.md §2 Editor in the guest page's order, with the side panels in a column of
 * their own on wide screens (below the sections on narrow ones). A read-only guidebook disables
 * every control at once through the fieldset.
 */
export function EditorForm({ form, patch, updateBoxes, updateManualBoxes, updatePlaces, updateExtras, issues }: Props) {
  const { readOnly, announce } = useEditorContext();
  const nameError = nameProblem(form.nameInstruction, issues);
  return (
    <fieldset disabled={readOnly} className="m-0 min-w-0 border-0 p-0">
      <legend className="sr-only">Guidebook</legend>
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={NAME_ID} className="field-label text-muted">
            Guidebook name
          </label>
          <input
            {...bindName({ form, patch })}
            className="field-input font-display text-xl font-bold sm:text-2xl"
            maxLength={MAX_TEXT}
            aria-required="true"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${NAME_ID}-error` : undefined}
          />
          {nameError ? (
            <p id={`${NAME_ID}-error`} className="field-error">
              {nameError}
            </p>
          ) : null}
        </div>
        {form.token ? (
          <GuestPageLink token={form.token} className="btn-secondary self-start sm:self-auto lg:hidden" />
        ) : null}
      </div>

      <div className="grid items-start gap-5 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 gap-5">
          <StepsSection config={CHECK_IN_STEPS} steps={form.boxes} update={updateBoxes} createStep={newBox} />
          <ContactSection form={form} patch={patch} />
          <WifiSection form={form} patch={patch} />
          <Section id="house-rules" title="House rules" icon={ScrollText} description="Pick the rules that apply and put them in the order guests should read them.">
            <HouseRulesPicker value={form.selectedHouseRules} onChange={(selectedHouseRules) => patch({ selectedHouseRules })} readOnly={readOnly} announce={announce} />
          </Section>
          <PlacesSection places={form.places} update={updatePlaces} propertyMapLink={form.addressUrl} />
          <ExtrasSection extras={form.extras} update={updateExtras} onPublicLink={form.extrasOnPublicLink} setOnPublicLink={(extrasOnPublicLink) => patch({ extrasOnPublicLink })} />
          <ChannelRulesSection rules={form.channelRules} setRules={(channelRules) => patch({ channelRules })} extras={form.extras} publicLinkOn={form.extrasOnPublicLink} />
          <WelcomeSection form={form} patch={patch} />
          <StepsSection config={ADDITIONAL_INFO} steps={form.manualBoxes} update={updateManualBoxes} createStep={newManualBox} />
        </div>
        <div className="grid min-w-0 gap-5">
          <CoverPhotoPanel form={form} patch={patch} />
          <BrandingPanel form={form} patch={patch} />
          <AddressPanel form={form} patch={patch} />
          <RedirectionPanel form={form} patch={patch} />
          <LockBoxPanel form={form} patch={patch} />
          <CheckInOutPanel form={form} patch={patch} />
          <GuestAccessPanel form={form} patch={patch} />
        </div>
      </div>
    </fieldset>
  );
}
