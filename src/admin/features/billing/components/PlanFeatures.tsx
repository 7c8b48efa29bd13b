import { Check } from 'lucide-react';

interface Props {
  features: readonly string[];
  /** The list's place in its card (margins, rule above, spacing). */
  className: string;
  /** Space between the check and the words. */
  itemClassName: string;
}

/** What a plan includes, each with a check, as on the landing page's pricing section. */
export function PlanFeatures({ features, className, itemClassName }: Props) {
  return (
    <ul className={`grid border-t border-line text-sm text-ink ${className}`}>
      {features.map((feature) => (
        <li key={feature} className={`flex ${itemClassName}`}>
          <Check className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300" strokeWidth={3} aria-hidden="true" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
