import { ComingSoon } from '../../../components/ui/ComingSoon.tsx';

/** Placeholder for the auto-fill settings (SPEC §2 Settings); its own issue replaces it. */
export function SettingsScreen() {
  return <ComingSoon title="Auto-Fill" description="Defaults that fill every new guidebook: contacts, welcome message, links and house rules." />;
}
