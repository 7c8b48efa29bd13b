import { useState } from 'react';
import type { InstructionSummary } from '../api/get-instructions.ts';

export const FALLBACK_IMAGE = '/images/guidebook-fallback.svg';

/**
 * The guidebook's cover photo when it has one; otherwise docs/product.md §2: the second
 * check-in step's picture, or the fallback when there is none.
 */
export function coverOf(instruction: InstructionSummary): string {
  return instruction.coverImage || instruction.boxes[1]?.imageUrl || FALLBACK_IMAGE;
}

interface Props {
  instruction: InstructionSummary;
  className?: string;
}

/** The cover picture; a broken one (deleted upload) falls back too. Decorative: the name is next to it. */
export function InstructionImage({ instruction, className = '' }: Props) {
  const src = coverOf(instruction);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <img
      src={failed === src ? FALLBACK_IMAGE : src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
      className={`bg-brand-50 object-cover ${className}`}
    />
  );
}
