import type { InstructionSummary } from '../api/get-instructions.ts';
import { EditAction } from './EditAction.tsx';
import { MoreButton } from './MoreButton.tsx';
import { InstructionImage } from './InstructionImage.tsx';
import { useCan } from '../../../lib/team-role.ts';

interface Props {
  instructions: InstructionSummary[];
  isLocked: (instruction: InstructionSummary) => boolean;
  /** Whether its "Free" badge shows (access.ts `showsFreeBadge`). */
  isFree: (instruction: InstructionSummary) => boolean;
  selectedId: string | null;
  onMore: (id: string) => void;
}

// Below 42rem of room (a phone, or a tablet beside the sidebar) each row is a block of its own:
// picture and name, then the code and the address with their labels, then Edit and More. The
// explicit roles keep the table a table for screen readers whatever its CSS display.
// Class names are written out whole: Tailwind finds them by reading this file.
const cell = 'px-4 py-3 align-middle @max-2xl:p-0';

/** A value's label in the stacked layout; the column header names it for screen readers. */
function StackedLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="hidden w-20 shrink-0 text-xs font-semibold uppercase tracking-wide text-muted @max-2xl:inline-block">
      {children}
    </span>
  );
}

/** docs/product.md §2 table: image, Name, Code, Address, Edit (More sits with Edit, as on the cards). */
export function InstructionTable({ instructions, isLocked, isFree, selectedId, onMore }: Props) {
  // A Cleaner not allowed secrets gets no code from the server (docs/product.md §6 Team roles).
  const seesCode = useCan()('secrets.read');
  return (
    <div className="@container">
      {/* Wide: scrolls sideways if it must; focusable so that keyboard users can scroll it too. */}
      <div className="relative @2xl:card @2xl:overflow-x-auto" tabIndex={0} role="region" aria-label="Guidebooks table">
        <table role="table" className="w-full border-collapse text-left text-sm @2xl:min-w-[40rem] @max-2xl:block">
          <caption className="sr-only">Your guidebooks</caption>
          <thead role="rowgroup" className="border-b border-line bg-canvas text-xs font-semibold uppercase tracking-wide text-muted @max-2xl:sr-only">
            <tr role="row">
              <th role="columnheader" scope="col" className={`${cell} w-20`}>
                <span className="sr-only">Image</span>
              </th>
              <th role="columnheader" scope="col" className={cell}>
                Name
              </th>
              <th role="columnheader" scope="col" className={cell}>
                Code
              </th>
              <th role="columnheader" scope="col" className={cell}>
                Address
              </th>
              <th role="columnheader" scope="col" className={`${cell} text-right`}>
                Edit
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup" className="@max-2xl:grid @max-2xl:gap-3">
            {instructions.map((instruction) => {
              const name = instruction.nameInstruction || 'Untitled guidebook';
              const selected = selectedId === instruction._id;
              return (
                <tr
                  key={instruction._id}
                  role="row"
                  className={`@2xl:border-b @2xl:border-line @2xl:last:border-b-0 ${selected ? 'bg-brand-50' : ''} @max-2xl:card @max-2xl:grid @max-2xl:grid-cols-[3rem_minmax(0,1fr)] @max-2xl:items-center @max-2xl:gap-x-3 @max-2xl:gap-y-2.5 @max-2xl:p-4 ${selected ? '@max-2xl:ring-2 @max-2xl:ring-brand-500' : ''}`}
                >
                  <td role="cell" className={cell}>
                    <InstructionImage instruction={instruction} className="size-12 rounded-lg" />
                  </td>
                  <th role="rowheader" scope="row" className={`${cell} font-semibold text-ink @max-2xl:text-base`}>
                    <span className="line-clamp-2 break-words">{name}</span>
                    {isFree(instruction) ? (
                      <span className="mt-1 inline-block rounded-full bg-emerald-700 px-2 py-0.5 text-[0.6875rem] font-bold uppercase tracking-wide text-white">Free</span>
                    ) : null}
                  </th>
                  <td role="cell" className={`${cell} whitespace-nowrap @max-2xl:col-span-2 @max-2xl:flex @max-2xl:items-baseline @max-2xl:whitespace-normal`}>
                    <StackedLabel>Code</StackedLabel>
                    <span className={instruction.code ? 'font-mono text-ink @max-2xl:break-all' : 'text-muted'}>{seesCode ? instruction.code || '—' : 'Hidden'}</span>
                  </td>
                  <td role="cell" className={`${cell} @max-2xl:col-span-2 @max-2xl:flex @max-2xl:items-baseline`}>
                    <StackedLabel>Address</StackedLabel>
                    <span className={`line-clamp-2 min-w-0 break-words ${instruction.address ? 'text-ink' : 'text-muted'}`}>{instruction.address || '—'}</span>
                  </td>
                  <td role="cell" className={`${cell} @max-2xl:col-span-2 @max-2xl:pt-1`}>
                    <div className="flex justify-end gap-2">
                      <EditAction
                        id={instruction._id}
                        name={name}
                        locked={isLocked(instruction)}
                        className="btn-primary whitespace-nowrap px-4 py-2 @max-2xl:flex-1"
                        lockedClassName="btn-secondary whitespace-nowrap px-3 py-2 text-muted @max-2xl:flex-1"
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
    </div>
  );
}
