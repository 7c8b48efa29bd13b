/** Shown while the first screen's code arrives (the router's hydrate fallback). */
export function AppLoading() {
  return (
    <div role="status" className="grid min-h-dvh place-items-center">
      <span className="size-8 animate-spin rounded-full border-4 border-line border-t-brand-600" aria-hidden="true" />
      <span className="sr-only">Loading the dashboard…</span>
    </div>
  );
}
