import type { LucideIcon } from 'lucide-react';

/**
 * An icon on the brand's light tint, the mark of a section, an empty state or a notice.
 * `className` gives the badge its size and shape (`size-11 rounded-xl`), `iconClassName` the icon's.
 */
export function IconBadge({ icon: Icon, className, iconClassName }: { icon: LucideIcon; className: string; iconClassName: string }) {
  return (
    <span className={`inline-flex items-center justify-center bg-brand-50 text-brand-700 dark:text-brand-300 ${className}`}>
      <Icon className={iconClassName} aria-hidden="true" />
    </span>
  );
}
