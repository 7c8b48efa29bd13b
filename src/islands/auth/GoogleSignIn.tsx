import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { api, failureStatus, serverMessageOf } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { saveUserInfo } from '@shared/user-info.ts';
import { redirectTarget } from '../lib/redirect-target.ts';

/** The part of Google Identity Services (https://accounts.google.com/gsi/client) used here. */
interface GoogleId {
  initialize(options: { client_id: string; callback: (response: { credential?: string }) => void; ux_mode?: 'popup'; context?: 'signin' | 'signup' }): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
}
declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
  }
}

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';
let scriptPromise: Promise<GoogleId> | undefined;

/** Loads the library once per page; the page's CSP allows exactly this script (docs/security.md 28). */
function loadGoogleId(): Promise<GoogleId> {
  scriptPromise ??= new Promise<GoogleId>((resolve, reject) => {
    if (window.google?.accounts?.id) return resolve(window.google.accounts.id);
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.google?.accounts?.id ? resolve(window.google.accounts.id) : reject(new Error('gsi missing')));
    script.onerror = () => {
      scriptPromise = undefined;
      reject(new Error('gsi failed to load'));
    };
    document.head.append(script);
  });
  return scriptPromise;
}

interface Props {
  clientId: string;
  context: 'signin' | 'signup';
}

/** "Sign in with Google" (docs/architecture.md, Stack): Google hands us an ID token, the server verifies it. */
export default function GoogleSignIn({ clientId, context }: Props) {
  const slot = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    async function onCredential(response: { credential?: string }) {
      if (!response.credential) {
        toast.error(messages.auth.googleLoginFailed);
        return;
      }
      setBusy(true);
      let failure: unknown;
      try {
        if (saveUserInfo(await api.post<unknown>('/api/users/authGoogle', { credential: response.credential }))) {
          window.location.assign(redirectTarget());
          return;
        }
      } catch (error) {
        failure = error;
      }
      setBusy(false);
      // A rate limit says when to retry; anything else is simply "Google Login Failed" (docs/product.md §8).
      toast.error(failureStatus(failure) === 429 ? (serverMessageOf(failure) ?? messages.auth.googleLoginFailed) : messages.auth.googleLoginFailed);
    }
    loadGoogleId()
      .then((google) => {
        if (cancelled || !slot.current) return;
        google.initialize({ client_id: clientId, callback: onCredential, ux_mode: 'popup', context });
        google.renderButton(slot.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'pill',
          text: context === 'signup' ? 'signup_with' : 'signin_with',
          logo_alignment: 'center',
          width: Math.min(400, Math.max(200, Math.round(slot.current.clientWidth))),
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, context]);

  if (failed) {
    return <p className="text-center text-sm text-muted">{messages.auth.googleUnavailable}</p>;
  }
  return (
    <div aria-busy={busy} className="flex min-h-11 justify-center">
      <div ref={slot} className="w-full max-w-[400px] [&>div]:mx-auto" />
    </div>
  );
}

/** "or" between the e-mail form and the Google button. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium uppercase tracking-wider text-muted" aria-hidden="true">
      <span className="h-px flex-1 bg-line" />
      or
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}
