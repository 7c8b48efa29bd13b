interface Props {
  /** The inner markup of a 24×24 stroke icon: a constant of ours (house-rules.ts, place-categories.ts), never user input. */
  markup: string;
  className: string;
}

/** One of our own line icons (house rules, place categories), drawn in the text's colour. */
export function StrokeIcon({ markup, className }: Props) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      // Safe as markup: see `markup` above.
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}
