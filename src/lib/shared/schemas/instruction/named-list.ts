/**
 * A list of items a host may have dozens of (places, extras): a bad item answers with its number
 * and name ("Place 3 (Bakery Mlinar): the website must be a link …"), so the host finds it
 * (docs/product.md §5); nothing of the body is saved then.
 */
import { z } from 'zod';

interface Options {
  /** "Place", "Extra". */
  noun: string;
  /** "places", "extras": the list's messages say it ("Two places have the same id."). */
  plural: string;
  /** The item's field that names it in a message ("name", "title"). */
  nameKey: string;
  max: number;
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
  const { plural, max } = options;
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
      .array(schema, { error: `${plural.charAt(0).toUpperCase()}${plural.slice(1)} must be a list.` })
      .max(max, `A guidebook can have at most ${max} ${plural}.`)
      .refine((items) => new Set(items.map((item) => item.id)).size === items.length, `Two ${plural} have the same id.`),
  );
}
