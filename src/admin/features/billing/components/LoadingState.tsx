/** A spinner with words (docs/product.md §2 Return: "while loading, a spinner with text"). */
export function LoadingState({ label, compact = false }: { label: string; compact?: boolean }) {
  return (
    <div role="status" className={compact ? 'flex items-center gap-3' : 'card flex flex-col items-center justify-center gap-4 px-6 py-16 text-center'}>
      <span
        className={`${compact ? 'size-5 border-[3px]' : 'size-8 border-4'} shrink-0 animate-spin rounded-full border-line border-t-brand-600 motion-reduce:animate-none dark:border-t-brand-300`}
        aria-hidden="true"
      />
      <span className={compact ? 'text-sm text-muted' : 'font-medium text-muted'}>{label}</span>
    </div>
  );
}
