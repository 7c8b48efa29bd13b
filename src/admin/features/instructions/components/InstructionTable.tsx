import type { InstructionSummary } from '../api/get-instructions.ts';
import { EditAction } from './EditAction.tsx';
import { MoreButton } from './MoreButton.tsx';
import { InstructionImage } from './InstructionImage.tsx';

interface Props {
  instructions: InstructionSummary[];
  isLocked: (instruction: InstructionSummary) => boolean;
  /** Whether its "Free" badge shows (access.ts `showsFreeBadge`). */
  isFree: (instruction: InstructionSummary) => boolean;
  selectedId: string | null;
  onMore: (id: string) => void;
}

const cell = 'px-4 py-3 align-middle';

/** SPEC §2 table: image, Name, Code, Address, Edit (More sits with Edit, as on the cards). */
export function InstructionTable({ instructions, isLocked, isFree, selectedId, onMore }: Props) {
  return (
    // Scrolls sideways on narrow screens; focusable so that keyboard users can scroll it too.
    <div className="card relative overflow-x-auto" tabIndex={0} role="region" aria-label="Instructions table">
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption className="sr-only">Your instructions</caption>
        <thead className="border-b border-line bg-canvas text-xs font-semibold uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className={`${cell} w-20`}>
              <span className="sr-only">Image</span>
            </th>
            <th scope="col" className={cell}>
              Name
            </th>
            <th scope="col" className={cell}>
              Code
            </th>
            <th scope="col" className={cell}>
              Address
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Edit
            </th>
          </tr>
        </thead>
        <tbody>
          {instructions.map((instruction) => {
            const name = instruction.nameInstruction || 'Untitled guidebook';
            const selected = selectedId === instruction._id;
            return (
              <tr key={instruction._id} className={`border-b border-line last:border-b-0 ${selected ? 'bg-brand-50' : ''}`}>
                <td className={cell}>
                  <InstructionImage instruction={instruction} className="size-12 rounded-lg" />
                </td>
                <th scope="row" className={`${cell} font-semibold text-ink`}>
                  <span className="line-clamp-2 break-words">{name}</span>
                  {isFree(instruction) ? (
                    <span className="mt-1 inline-block rounded-full bg-emerald-700 px-2 py-0.5 text-[0.6875rem] font-bold uppercase tracking-wide text-white">Free</span>
                  ) : null}
                </th>
                <td className={`${cell} whitespace-nowrap ${instruction.code ? 'font-mono text-ink' : 'text-muted'}`}>{instruction.code || '—'}</td>
                <td className={`${cell} ${instruction.address ? 'text-ink' : 'text-muted'}`}>
                  <span className="line-clamp-2 break-words">{instruction.address || '—'}</span>
                </td>
                <td className={cell}>
                  <div className="flex justify-end gap-2">
                    <EditAction
                      id={instruction._id}
                      name={name}
                      locked={isLocked(instruction)}
                      className="btn-primary whitespace-nowrap px-4 py-2"
                      lockedClassName="btn-secondary whitespace-nowrap px-3 py-2 text-muted"
                    />
                    <MoreButton name={name} expanded={selected} onClick={() => onMore(instruction._id)} className="btn-secondary px-3 py-2" iconOnly />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
