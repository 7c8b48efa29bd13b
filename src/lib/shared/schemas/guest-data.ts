/**
 * A guest's details on request (docs/decisions/029-pms-connectors.md §10), Owner and Admin
 * (`guestData.manage`), 20 requests an hour per team; errors are `{ message }`:
 *
 * - `POST /api/team/guest-data/export { email }` → a JSON download (`GuestDataExport`) of every
 *   stay and order of the team holding that address. The address travels in the body, never in a URL.
 * - `POST /api/team/guest-data/erase { email }` or `{ stayId }` → `{ message, stays, orders }`: the
 *   guest's name, e-mail, phone, count and the host's note blanked on those stays (which then stay
 *   as history, `guest_data_erased_at` set, so a booking system never writes them again), and the
 *   name, e-mail and note on their orders not paid (a paid, approved or refunded order keeps what
 *   its bookkeeping needs). A stay of another team answers 404.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { EMAIL_MAX } from './auth.ts';

const email = z
  .string({ error: messages.guestData.emailInvalid })
  .trim()
  .max(EMAIL_MAX, messages.guestData.emailInvalid)
  .transform((value) => value.toLowerCase())
  .refine((value) => z.email().safeParse(value).success, messages.guestData.emailInvalid);

export const guestDataExportSchema = z.object({ email }, { error: messages.guestData.emailInvalid });

export const guestDataEraseSchema = z.union([z.object({ email }).strict(), z.object({ stayId: z.string().min(1).max(64) }).strict()], { error: messages.guestData.targetInvalid });

export interface GuestDataExport {
  exportedAt: string;
  email: string;
  stays: Array<{
    guidebook: string;
    guestName: string;
    guestEmail: string;
    guestPhone: string;
    guestCount: number | null;
    language: string;
    channel: string;
    checkIn: string;
    checkOut: string;
    hostNote: string;
    createdAt: string;
  }>;
  orders: Array<{ guidebook: string; title: string; quantity: number; amount: number; currency: string; status: string; guestName: string; guestEmail: string; guestNote: string; createdAt: string }>;
}

export interface GuestDataErased {
  message: string;
  stays: number;
  orders: number;
}
