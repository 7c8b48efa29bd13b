import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import { renameTeamSchema, TEAM_NAME_MAX } from '@shared/schemas/team.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * The Owner names the team (PATCH /api/team, docs/product.md §6 Team members): what every member
 * reads in the team menu and an invitation reads ("join Casa Lumen"). It starts as the owner's
 * name. Checked here as the server checks it; the server's refusal is said under the field.
 */
export function TeamName({ name }: { name: string }) {
  const id = useId();
  const client = useQueryClient();
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (next: string) => api.patch<{ message: string }>('/api/team', { name: next }),
    // The team menu and the switcher read the name from the person's own answer.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.user.me() }),
  });

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = renameTeamSchema.safeParse({ name: draft });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Please check the name.');
    setError(null);
    rename.mutate(checked.data.name, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (failure) => setError(errorMessage(failure, 'The team could not be renamed. Please try again.')),
    });
  }

  const unchanged = draft.trim() === name;
  return (
    <section aria-labelledby={`${id}-title`} className="card grid gap-3 p-5 sm:p-6">
      <div>
        <h2 id={`${id}-title`} className="font-display text-lg font-bold text-ink">
          Team name
        </h2>
        <p className="mt-1 text-sm text-muted">Members see it in their team menu, and invitations say it.</p>
      </div>
      <form className="flex flex-wrap items-start gap-3" onSubmit={submit} noValidate>
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor={`${id}-name`} className="sr-only">
            Team name
          </label>
          <input
            id={`${id}-name`}
            className="field-input"
            value={draft}
            maxLength={TEAM_NAME_MAX}
            autoComplete="organization"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setDraft(event.target.value)}
            disabled={rename.isPending}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="field-error dark:text-red-400">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-primary" disabled={rename.isPending || unchanged}>
          {rename.isPending ? 'Saving…' : 'Save name'}
        </button>
      </form>
    </section>
  );
}
