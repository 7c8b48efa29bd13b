import { Avatar } from 'radix-ui';

/** "Jane Doe" → "JD"; one word → its first letter; nothing → "?". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word ?? '')[0]?.toUpperCase() ?? '').join('') || '?';
}

interface Props {
  name: string;
  picture: string;
  /** Tailwind size classes, e.g. "size-9 text-sm". */
  className?: string;
}

/** The user's picture, or their initials while it loads or when there is none (docs/product.md §2 top bar). */
export function UserAvatar({ name, picture, className = 'size-9 text-sm' }: Props) {
  return (
    <Avatar.Root className={`inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-brand-700 align-middle ${className}`}>
      {picture ? <Avatar.Image src={picture} alt="" className="size-full object-cover" /> : null}
      {/* Initials repeat the name shown next to them: hidden from assistive tech. */}
      <Avatar.Fallback className="font-semibold text-white" aria-hidden="true" delayMs={picture ? 400 : 0}>
        {initialsOf(name)}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}
