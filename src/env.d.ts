/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Id of this request, echoed in `x-request-id` and in every log line about it. */
    requestId: string;
  }
}
