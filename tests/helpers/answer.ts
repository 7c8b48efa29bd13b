import { expect } from 'vitest';

/** The JSON of an answer that must have `status` (the body in the failure message when it has not). */
export async function ok<T>(response: Promise<Response> | Response, status = 200): Promise<T> {
  const settled = await response;
  const text = await settled.text();
  expect(settled.status, text).toBe(status);
  return JSON.parse(text) as T;
}
