import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { Notice } from '../../../components/ui/Notice.tsx';
import { useCompleteConnect } from '../api/locks.ts';

/** Seam may take a moment after the sign-in: "Still connecting…" is asked again twice, 2 s apart (docs/decisions/030-smart-locks.md §3.2). */
const ASKS = 3;
const PAUSE_MS = 2000;

/**
 * Back from Seam's page on `?attempt=<id>` (or `&failed=1`): finishes the connection once, says
 * how it went, and takes the attempt out of the address so a reload does not ask again.
 */
export function ConnectReturn() {
  const [params, setParams] = useSearchParams();
  const attempt = params.get('attempt');
  const complete = useCompleteConnect();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!attempt || started.current) return;
    started.current = true;
    setOutcome({ ok: true, text: messages.locks.stillConnecting });
    const ask = (left: number) =>
      complete.mutate(attempt, {
        onSuccess: ({ message, connected }) => {
          if (!connected && left > 1) return void setTimeout(() => ask(left - 1), PAUSE_MS);
          setOutcome({ ok: true, text: message });
          setParams({}, { replace: true });
        },
        onError: (failure) => {
          setOutcome({ ok: false, text: errorMessage(failure, messages.locks.connectFailed) });
          setParams({}, { replace: true });
        },
      });
    ask(ASKS);
  }, [attempt, complete, setParams]);

  if (!outcome) return null;
  return (
    <div role={outcome.ok ? 'status' : 'alert'}>
      <Notice tone={outcome.ok ? 'info' : 'warning'}>{outcome.text}</Notice>
    </div>
  );
}
