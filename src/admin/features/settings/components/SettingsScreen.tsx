import { useEffect } from 'react';
import { messages } from '@shared/messages.ts';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useSettings } from '../api/get-settings.ts';
import { SettingsForm } from './SettingsForm.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';

/** docs/product.md §2 Settings (Auto-Fill): defaults for new guidebooks, optionally applied to existing ones. */
export function SettingsScreen() {
  useDocumentTitle('Auto-Fill');
  const settings = useSettings();

  // The save bar sticks to the bottom: a field scrolled into view (Tab, a jump to an error) must
  // stop above it, not under it (WCAG 2.4.11).
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.scrollPaddingBottom;
    root.style.scrollPaddingBottom = '7rem';
    return () => {
      root.style.scrollPaddingBottom = previous;
    };
  }, []);

  return (
    <>
      <PageHeader title="Auto-Fill" description="Every new guidebook starts with these contacts, welcome message, links and house rules." />
      {settings.isSuccess ? (
        <SettingsForm initial={settings.data} />
      ) : settings.isError ? (
        <LoadError message={messages.settings.fetchFailed} onRetry={() => void settings.refetch()} />
      ) : (
        <div className="grid gap-6" aria-busy="true">
          <p className="sr-only" role="status">
            Loading your settings…
          </p>
          {[0, 1, 2].map((key) => (
            <div key={key} className="card h-56 animate-pulse motion-reduce:animate-none" />
          ))}
        </div>
      )}
    </>
  );
}
