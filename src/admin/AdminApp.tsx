// First: before any shared zod schema is evaluated (see the module).
import '@shared/zod-jitless.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type CSSProperties } from 'react';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@shared/messages.ts';
import { READABLE_LIGHT_TOAST_INKS } from '@shared/toast-inks.ts';
import { createAdminRouter } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { applyTheme, useTheme } from './lib/theme.ts';

/**
 * The dashboard single-page app (docs/architecture.md, Stack: one React admin app under /dashboard and /plan),
 * mounted by src/pages/dashboard/[...path].astro with `client:only`.
 */
export default function AdminApp() {
  // Created once per page load; a data router must not live in React state that re-creates it.
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAdminRouter);
  const theme = useTheme();

  useEffect(() => applyTheme(theme), [theme]);

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster position="bottom-center" duration={TOAST_DURATION_MS} theme={theme} richColors closeButton style={theme === 'light' ? (READABLE_LIGHT_TOAST_INKS as CSSProperties) : undefined} />
    </QueryClientProvider>
  );
}
