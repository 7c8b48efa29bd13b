import type { ComponentType, CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@shared/messages.ts';

/**
 * sonner's rich colours put 13 px text below 4.5:1 on their tinted backgrounds (error red is
 * 4.34:1); these darker inks keep every toast at WCAG AA on the same backgrounds.
 */
const readableInks = {
  '--success-text': '#166534',
  '--info-text': '#1e40af',
  '--warning-text': '#92400e',
  '--error-text': '#b91c1c',
} as CSSProperties;

/** SPEC §2: toasts sit bottom-center and close after 3000 ms. */
export default function PublicToaster() {
  return <Toaster position="bottom-center" duration={TOAST_DURATION_MS} richColors style={readableInks} />;
}

/** An account island with its toaster: each page mounts the pair as one island. */
export function withToaster<Props extends object>(Island: ComponentType<Props>) {
  return function IslandWithToaster(props: Props) {
    return (
      <>
        <Island {...props} />
        <PublicToaster />
      </>
    );
  };
}
