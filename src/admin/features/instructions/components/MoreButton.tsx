import { MoreHorizontal } from 'lucide-react';

interface Props {
  /** The guidebook's name, for the button's accessible name. */
  name: string;
  /** The options panel is open for this guidebook. */
  expanded: boolean;
  onClick: () => void;
  className: string;
  /** The table shows the icon alone; the card also the word. */
  iconOnly?: boolean;
}

/** "More": opens the options panel of one guidebook (docs/product.md §2 card and table row). */
export function MoreButton({ name, expanded, onClick, className, iconOnly = false }: Props) {
  return (
    <button type="button" className={className} aria-haspopup="dialog" aria-expanded={expanded} onClick={onClick}>
      <MoreHorizontal className="size-4" aria-hidden="true" />
      {iconOnly ? (
        <span className="sr-only">More options for {name}</span>
      ) : (
        <>
          More<span className="sr-only"> options for {name}</span>
        </>
      )}
    </button>
  );
}
