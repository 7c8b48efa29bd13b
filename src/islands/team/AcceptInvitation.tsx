import { useState } from 'react';
import { api, errorMessage } from '@shared/api-client.ts';
import AuthCard from '../auth/AuthCard.tsx';

interface Props {
  token: string;
  /** What the page read from the link without using it. */
  team: string;
  role: string;
  inviter: string;
  /** `join`: signed in with the invited address; `other`: signed in with another (the masked address); `signedOut`. */
  mode: 'join' | 'other' | 'signedOut';
  masked: string;
  /** Where signing in or registering leads, coming back to this page. */
  loginHref: string;
  registerHref: string;
}

/**
 * /invite/:token (docs/decisions/028-teams.md §7): the team, the role and who invited, then Join
 * (POST /api/invitations/accept) for the invited address, Sign out for another, and Sign in or
 * Register, coming back here, for nobody.
 */
export default function AcceptInvitation({ token, team, role, inviter, mode, masked, loginHref, registerHref }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const description = `${inviter || 'The owner'} invited you to join ${team} as ${role}.`;

  async function join() {
    setBusy(true);
    setError('');
    try {
      await api.post('/api/invitations/accept', { token });
      window.location.assign('/dashboard');
    } catch (failure) {
      setError(errorMessage(failure, 'The invitation could not be accepted. Please try again.'));
      setBusy(false);
    }
  }

  async function signOut() {
    setBusy(true);
    await api.post('/api/users/logout').catch(() => undefined);
    window.location.reload();
  }

  return (
    <AuthCard title={`Join ${team}`} description={description}>
      {error ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {mode === 'join' ? (
        <button type="button" className="btn-primary w-full py-3 text-base" disabled={busy} onClick={() => void join()}>
          Join the team
        </button>
      ) : mode === 'other' ? (
        <>
          <p className="mb-4 text-[0.9375rem] text-ink">This invitation is for {masked}. Sign out, then sign in or register with that address.</p>
          <button type="button" className="btn-primary w-full py-3 text-base" disabled={busy} onClick={() => void signOut()}>
            Sign out
          </button>
        </>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-[0.9375rem] text-ink">Sign in or create an account with {masked} to join.</p>
          <a className="btn-primary w-full py-3 text-center text-base" href={loginHref}>
            Sign in
          </a>
          <a className="btn-secondary w-full py-3 text-center text-base" href={registerHref}>
            Create an account
          </a>
        </div>
      )}
    </AuthCard>
  );
}
