/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Id of this request, echoed in `x-request-id` and in every log line about it. */
    requestId: string;
    /** Whether an error page may show the error's own text: outside production only (src/pages/500.astro). */
    showErrorDetails: boolean;
    /** The signed-in user (src/middleware.ts, accounts); null when signed out. */
    user: import('./lib/server/auth/types.ts').SessionUser | null;
    /** The current session; its id is the SHA-256 of the cookie token, never the token. */
    session: import('./lib/server/auth/types.ts').Session | null;
    /** The membership the session acts through (docs/decisions/028-teams.md §5); null when signed out or in no team. */
    team: import('./lib/server/account/team-access.ts').SessionTeam | null;
    /**
     * The team the dashboard shows, from `X-Porchlight-Team` (docs/decisions/028-teams.md §5); null when the
     * request names none (a script). `requireTeam` answers 409 when it is not the session's.
     */
    shownTeam: string | null;
  }
}

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate on the first touch of the island (src/islands/directives/interact.ts). */
    'client:interact'?: boolean;
  }
}
