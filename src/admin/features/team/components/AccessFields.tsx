import { useId } from 'react';
import { INVITED_ROLES, type InvitedRole } from '@shared/schemas/invitation.ts';
import { ROLE_NAMES } from '@shared/team-roles.ts';
import type { GuidebookChoice } from '../api/members.ts';
import { choosesGuidebooks, ROLE_HINTS } from './role-words.ts';

/** What a person may do in the team: a role, the guidebooks of an Editor or a Cleaner, a Cleaner's "may see secrets". */
export interface Access {
  role: InvitedRole;
  guidebookIds: string[];
  maySeeSecrets: boolean;
}

interface Props {
  access: Access;
  onChange: (access: Access) => void;
  guidebooks: readonly GuidebookChoice[] | undefined;
  disabled?: boolean;
}

/**
 * The role (radio buttons, each with its one line), then for an Editor or a Cleaner the
 * guidebooks they work on, and for a Cleaner whether they see the door code and the Wi-Fi
 * password. Used by the invite form and the change of a member's access.
 */
export function AccessFields({ access, onChange, guidebooks, disabled = false }: Props) {
  const id = useId();
  const toggle = (guidebookId: string, on: boolean) =>
    onChange({ ...access, guidebookIds: on ? [...access.guidebookIds, guidebookId] : access.guidebookIds.filter((each) => each !== guidebookId) });

  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="field-label">Role</legend>
        {INVITED_ROLES.map((role) => (
          <label key={role} className="flex cursor-pointer items-start gap-3 rounded-xl border border-line p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
            <input
              type="radio"
              name={`${id}-role`}
              value={role}
              className="mt-1 size-4 shrink-0 accent-brand-600"
              checked={access.role === role}
              disabled={disabled}
              onChange={() => onChange({ ...access, role })}
              aria-describedby={`${id}-${role}-hint`}
            />
            <span className="min-w-0">
              <span className="block font-semibold text-ink">{ROLE_NAMES[role]}</span>
              <span id={`${id}-${role}-hint`} className="block text-sm text-muted">
                {ROLE_HINTS[role]}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {choosesGuidebooks(access.role) ? (
        <fieldset className="grid gap-2">
          <legend className="field-label">Guidebooks they work on</legend>
          {guidebooks === undefined ? (
            <p className="text-sm text-muted">Loading your guidebooks…</p>
          ) : guidebooks.length === 0 ? (
            <p className="text-sm text-muted">Create a guidebook first: an Editor or a Cleaner works on chosen guidebooks.</p>
          ) : (
            <ul className="grid max-h-48 gap-1 overflow-y-auto rounded-xl border border-line p-2">
              {guidebooks.map((guidebook) => (
                <li key={guidebook.id}>
                  <label className="flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-brand-50">
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-brand-600"
                      checked={access.guidebookIds.includes(guidebook.id)}
                      disabled={disabled}
                      onChange={(event) => toggle(guidebook.id, event.target.checked)}
                    />
                    <span className="min-w-0 [overflow-wrap:anywhere]">{guidebook.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      ) : null}
      {access.role === 'cleaner' ? (
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-4 shrink-0 accent-brand-600"
            checked={access.maySeeSecrets}
            disabled={disabled}
            onChange={(event) => onChange({ ...access, maySeeSecrets: event.target.checked })}
            aria-describedby={`${id}-secrets-hint`}
          />
          <span className="min-w-0">
            <span className="block font-semibold text-ink">May see door codes and Wi-Fi</span>
            <span id={`${id}-secrets-hint`} className="block text-sm text-muted">
              Also the guest links that show them, and the poster.
            </span>
          </span>
        </label>
      ) : null}
    </>
  );
}
