import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { messages } from '@shared/messages.ts';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

/** docs/product.md §2: the error screen shows "Something went wrong", the error's message and Reload. */
export function RouteError() {
  const error = useRouteError();
  return (
    <div role="alert" className="card mx-auto my-8 flex max-w-lg flex-col items-center gap-3 p-8 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300">
        <TriangleAlert className="size-6" aria-hidden="true" />
      </span>
      <h1 className="font-display text-2xl font-bold text-ink">{messages.app.crashed}</h1>
      <p className="break-words text-muted">{describe(error)}</p>
      <button type="button" className="btn-primary mt-2" onClick={() => window.location.reload()}>
        {messages.app.reload}
      </button>
    </div>
  );
}
