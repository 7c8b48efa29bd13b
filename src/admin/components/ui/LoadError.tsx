import { RotateCw } from 'lucide-react';

interface Props {
  /** What failed, in the server's words or the screen's (docs/product.md §8: load errors in red). */
  message: string;
  onRetry: () => void;
  /** A card of its own (a screen's content), or inline inside an existing card. */
  variant?: 'card' | 'inline';
}

/** A screen or card whose data could not be loaded: the message and a way to try again. */
export function LoadError({ message, onRetry, variant = 'card' }: Props) {
  return (
    <div className={variant === 'card' ? 'card flex flex-wrap items-center justify-between gap-3 p-5' : 'grid justify-items-start gap-3'}>
      <p role="alert" className={`font-medium text-red-700 dark:text-red-400 ${variant === 'inline' ? 'text-sm' : ''}`}>
        {message}
      </p>
      <button type="button" className="btn-secondary" onClick={onRetry}>
        <RotateCw className="size-4" aria-hidden="true" />
        Try again
      </button>
    </div>
  );
}
