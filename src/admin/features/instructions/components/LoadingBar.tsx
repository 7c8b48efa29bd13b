/** docs/product.md §2: a loading bar while the list is fetched. Indeterminate, so no value is announced. */
export function LoadingBar({ active }: { active: boolean }) {
  return (
    <div className="h-1 overflow-hidden rounded-full" aria-hidden={!active}>
      {active ? (
        <div
          role="progressbar"
          aria-label="Loading guidebooks"
          className="h-full w-full animate-pulse rounded-full bg-gradient-to-r from-brand-300 via-brand-600 to-brand-300 motion-reduce:animate-none"
        />
      ) : null}
    </div>
  );
}
