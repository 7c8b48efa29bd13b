import { Infinity as InfinityIcon, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { messages } from '@shared/messages.ts';
import { FREE_INSTRUCTION_LIMIT, findPlan, formatInstructionLimit, type PlanId } from '@shared/plans.ts';
import { showsFreeUsage } from '../access.ts';
import { PlansLink } from '../../../components/billing/PlansLink.tsx';

interface Props {
  plan: PlanId;
  count: number;
}

/**
 * docs/product.md §5, §9: on Free, "N of 3 free guidebooks used" and, from 3 on, the out-of-free message;
 * on Gold and Premium the limit reads "Unlimited".
 */
export function PlanUsage({ plan, count }: Props) {
  const labelId = useId();
  if (!showsFreeUsage(plan)) {
    return (
      <p className="inline-flex items-center gap-2 text-sm text-muted">
        <InfinityIcon className="size-4 text-brand-600 dark:text-brand-300" aria-hidden="true" />
        <span>
          {count} {count === 1 ? 'guidebook' : 'guidebooks'} · Guidebook limit: <strong className="font-semibold text-ink">{formatInstructionLimit(findPlan(plan).instructionLimit)}</strong>
        </span>
      </p>
    );
  }
  const used = Math.min(count, FREE_INSTRUCTION_LIMIT);
  return (
    <div className="min-w-0 flex-1 sm:max-w-xs">
      <p className="text-sm font-medium text-ink" id={labelId}>
        {used} of {FREE_INSTRUCTION_LIMIT} free guidebooks used
      </p>
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={FREE_INSTRUCTION_LIMIT}
        aria-valuenow={used}
        className="mt-2 h-2 overflow-hidden rounded-full bg-line"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-300 ${used >= FREE_INSTRUCTION_LIMIT ? 'bg-amber-500' : 'bg-brand-600'}`}
          style={{ width: `${(used / FREE_INSTRUCTION_LIMIT) * 100}%` }}
        />
      </div>
    </div>
  );
}

/** docs/product.md §5 out-of-free message, for Free hosts with 3 or more guidebooks. */
export function OutOfFree({ plan, count }: Props) {
  if (!showsFreeUsage(plan) || count < FREE_INSTRUCTION_LIMIT) return null;
  return (
    <div role="status" className="mb-6 flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100">
      <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="text-sm">
        <p>{messages.instruction.outOfFree}</p>
        <p className="mt-2">
          <PlansLink className="inline-block font-semibold underline underline-offset-2">See plans</PlansLink>
        </p>
      </div>
    </div>
  );
}
