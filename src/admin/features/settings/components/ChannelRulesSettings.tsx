import { Signpost } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import type { ChannelRules } from '@shared/schemas/instruction.ts';
import { ChannelRulesList } from '../../../components/channels/ChannelRulesList.tsx';
import { SettingsSection } from './SettingsSection.tsx';

interface Props {
  value: ChannelRules;
  onChange: (rules: ChannelRules) => void;
  error: string | undefined;
  apply: boolean;
  onApplyChange: (apply: boolean) => void;
}

/**
 * Auto-Fill's "Guests by channel" (docs/decisions/028-teams.md §10): what new guidebooks start
 * with, and what "Apply to existing" sets in every guidebook. Extras are all or none here: a
 * choice of extras belongs to one guidebook.
 */
export function ChannelRulesSettings({ value, onChange, error, apply, onApplyChange }: Props) {
  return (
    <SettingsSection title={messages.channels.title} description={messages.channels.intro} icon={Signpost} applies="these rules by channel" apply={apply} onApplyChange={onApplyChange}>
      <ChannelRulesList rules={value} onChange={onChange} extras={null} publicLinkOn readOnly={false} idPrefix="settings-channelRules" />
      {error ? <p className="field-error dark:text-red-400">{error}</p> : null}
    </SettingsSection>
  );
}
