/**
 * A list of items a host may have dozens of (places, extras): a bad item answers with its number
 * and name ("Place 3 (Bakery Mlinar): the website must be a link …"), so the host finds it
 * (docs/product.md §5); nothing of the body is saved then.
 */
import { z } from 'zod';

interface Options {
  /** "Place", "Extra". */
  noun: string;
  /** The item's field that names it in a message ("name", "title"). */
  nameKey: string;
  max: number;
  /** "A guidebook can have at most 100 places." */
  tooMany: string;
  /** "Places must be a list." */
  notAList: string;
  /** "Two places have the same id." */
  sameId: string;
}

/** The first problem of `item` as "<noun> <position> (<its name>): <what is wrong>". */
function namedProblem(schema: z.ZodType, item: unknown, position: number, { noun, nameKey }: Options): { message: string; path: PropertyKey[] } | null {
  const result = schema.safeParse(item);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  const raw = typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[nameKey] : undefined;
  const name = typeof raw === 'string' ? raw.trim().slice(0, 60) : '';
  const what = `${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`;
  return { message: `${noun} ${position}${name ? ` (${name})` : ''}: ${what}`, path: issue.path };
}

/** At most `max` items with unique ids, each bad one named. */
export function namedList<S extends z.ZodType<{ id: number }>>(schema: S, options: Options) {
  return z.preprocess(
    (input, context) => {
      if (!Array.isArray(input)) return input;
      input.forEach((item, index) => {
        const problem = namedProblem(schema, item, index + 1, options);
        if (problem) context.addIssue({ code: 'custom', message: problem.message, path: [index, ...problem.path], input: item });
      });
      return input;
    },
    z
      .array(schema, { error: options.notAList })
      .max(options.max, options.tooMany)
      .refine((items) => new Set(items.map((item) => item.id)).size === items.length, options.sameId),
  );
}
