import type { ComponentType, CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@shared/messages.ts';
import { READABLE_LIGHT_TOAST_INKS } from '@shared/toast-inks.ts';

/** Public pages are light: their toasts take the readable inks. */
const readableInks = READABLE_LIGHT_TOAST_INKS as CSSProperties;

/** docs/product.md §2: toasts sit bottom-center and close after 3000 ms. */
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
