import { LoaderCircle, Plug } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { errorMessage, failureStatus } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { useConnect, type SystemChoice } from '../api/integrations.ts';

interface Props {
  choice: SystemChoice;
  onCancel: () => void;
}

/** What becomes of what is typed, for one field (Beds24's invite code) or several. */
function sealedSentence({ label, fields }: SystemChoice): string {
  return fields.length === 1
    ? `Porchlight checks it with ${label} at once and keeps what it gives sealed; nobody can read it back, not even you.`
    : `Porchlight checks them with ${label} at once and keeps them sealed; nobody can read them back, not even you.`;
}

/**
 * The credentials of one system (docs/product/integrations.md): a labelled field for each of the
 * shared list's fields (src/lib/shared/pms-systems.ts, through GET /api/team/integrations), where
 * to find it under it, secrets in password inputs the browser neither fills nor saves. The API's
 * refusal (400, 409, 422, 429, 502) is said under the form and read out; what was typed leaves the
 * page once the system has accepted it (the form closes) and is never shown back.
 */
export function ConnectForm({ choice, onCancel }: Props) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  // The fields the error is about: the one left empty, or all of them when the system refused them.
  const [invalid, setInvalid] = useState<readonly string[]>([]);
  const connect = useConnect();

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (connect.isPending) return;
    const missing = choice.fields.find((field) => !(values[field.name] ?? '').trim());
    if (missing) {
      setInvalid([missing.name]);
      return setError(messages.integrations.fieldMissing(missing.label));
    }
    setError(null);
    setInvalid([]);
    connect.mutate(
      { system: choice.system, fields: values },
      {
        onSuccess: ({ message }) => {
          setValues({});
          toast.success(message);
        },
        onError: (failure) => {
          setInvalid([400, 422].includes(failureStatus(failure)) ? choice.fields.map((field) => field.name) : []);
          setError(errorMessage(failure, messages.integrations.unreachable(choice.label)));
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="card grid gap-4 p-4 sm:p-6" aria-labelledby={`${id}-title`} aria-busy={connect.isPending}>
      <div>
        <h3 id={`${id}-title`} className="font-display text-lg font-bold text-ink">
          Connect {choice.label}
        </h3>
        <p className="text-sm text-muted">{sealedSentence(choice)}</p>
      </div>
      {choice.fields.map((field) => (
        <div key={field.name}>
          <label htmlFor={`${id}-${field.name}`} className="field-label">
            {field.label}
          </label>
          <input
            id={`${id}-${field.name}`}
            name={field.name}
            type={field.secret ? 'password' : 'text'}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            className="field-input font-mono"
            value={values[field.name] ?? ''}
            onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
            aria-describedby={`${id}-${field.name}-where`}
            aria-invalid={invalid.includes(field.name) || undefined}
            required
          />
          <p id={`${id}-${field.name}-where`} className="mt-1 text-sm text-muted [overflow-wrap:anywhere]">
            Where: {field.where}
          </p>
        </div>
      ))}
      <p role="alert" className={error ? 'rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:bg-red-950/60 dark:text-red-200' : 'sr-only'}>
        {error ?? ''}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={connect.isPending}>
          {connect.isPending ? <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Plug className="size-4" aria-hidden="true" />}
          {connect.isPending ? 'Checking…' : `Connect ${choice.label}`}
        </button>
      </div>
    </form>
  );
}
