import { Signpost } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import type { ChannelRules, Extra } from '@shared/schemas/instruction.ts';
import { ChannelRulesList } from '../../../../components/channels/ChannelRulesList.tsx';
import { fieldId } from '../../model/editor-form.ts';
import { useEditorContext } from '../common/editor-context.ts';
import { Section } from '../common/Section.tsx';

interface Props {
  rules: ChannelRules;
  setRules: (rules: ChannelRules) => void;
  extras: readonly Extra[];
  /** "Offer extras on the public link too" (the Extras section). */
  publicLinkOn: boolean;
}

/** The editor's "Guests by channel" (docs/decisions/028-teams.md §10), after Extras, whose offer it narrows per channel. */
export function ChannelRulesSection({ rules, setRules, extras, publicLinkOn }: Props) {
  const { readOnly } = useEditorContext();
  return (
    <Section id="channels" title={messages.channels.title} icon={Signpost} description={messages.channels.intro}>
      <ChannelRulesList rules={rules} onChange={setRules} extras={extras} publicLinkOn={publicLinkOn} readOnly={readOnly} idPrefix={fieldId('channelRules')} />
    </Section>
  );
}
