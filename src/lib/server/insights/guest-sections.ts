import { findHouseRule } from '@shared/house-rules.ts';
import { GUEST_SECTIONS, type GuestSection } from '@shared/insights.ts';
import { fieldValues } from '@shared/schemas/field-kinds.ts';
import { CHANNELS } from '@shared/channels.ts';
import { instructionContentSchema, markerCounts, type InstructionContent } from '@shared/schemas/instruction.ts';
import { rulesFor } from '../guidebook/channel-rules.ts';
import { gatedSecretsOf } from '../guidebook/guest-secrets.ts';

/**
 * The counted sections (GUEST_SECTIONS) a guidebook's guest page shows now, decided from its
 * content as the page decides it (guest-pages/render/load-guest-page.ts), so the insights list
 * no "Door code" for a guidebook without one (docs/product/insights.md):
 * - `checkin`: it has check-in steps;
 * - `access`: the access section (a door code or Wi-Fi password behind the secrets policy), or,
 *   shown to everyone, a door code that a text of the page carries with the code marker (the
 *   code field alone is on no guest page);
 * - `wifi`: a network name; `rules`: a house rule the list knows; `places`: a place;
 * - `extras`: an active extra a guest can see: on stay links (`stays`: the guidebook has some)
 *   when some channel's guests are offered one, or items on the public link when the host offers
 *   them there (`rulesFor`, docs/decisions/028 §10);
 * - `contact`: always ("Need Help?" and "Message your host").
 */
export function guestPageSections(content: InstructionContent, { stays }: { stays: boolean }): GuestSection[] {
  const codeInText = () => fieldValues(instructionContentSchema, content, ['richText']).some(({ value }) => typeof value === 'string' && markerCounts(value).lockbox > 0);
  const shows: Record<GuestSection, boolean> = {
    checkin: content.boxes.length > 0,
    access: gatedSecretsOf(content) !== null || (content.code !== '' && codeInText()),
    wifi: content.wifiName !== '',
    rules: content.selectedHouseRules.some((id) => findHouseRule(id) !== undefined),
    places: content.places.length > 0,
    extras: (stays && CHANNELS.some((channel) => rulesFor(content, channel).extras.length > 0)) || rulesFor(content, 'link').extras.length > 0,
    contact: true,
  };
  return GUEST_SECTIONS.filter((section) => shows[section]);
}
