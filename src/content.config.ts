import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { ICON_NAMES } from './components/site/icon-names';

/**
 * The words of the landing and legal pages (docs/style.md 14), edited by the marketing team as
 * described in docs/content.md. A build stops on a wrong field and prints `path.to.field: message`,
 * so the messages below say what to write, in plain words rather than zod's type names.
 */

const HELP = 'see docs/content.md';

const text = z
  .string({
    error: (issue) =>
      issue.input === undefined ? `this line is missing (${HELP})` : 'must be text: put it in double quotes, e.g. "96"',
  })
  .trim()
  .min(1, 'is empty: write the text after the colon');

const groupError = (issue: { input?: unknown }) =>
  issue.input === undefined
    ? `this group of lines is missing (${HELP})`
    : `must be a group of indented "field: text" lines (${HELP})`;

// Any other field is a misspelt one: reported under its own name, as its text would never show.
const unknownField = z.custom(() => false, { error: `unknown field: check its spelling (${HELP})` });
const fields = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.object(shape, { error: groupError }).catchall(unknownField);

const list = <Item extends z.ZodType>(item: Item) =>
  z.array(item, { error: `must be a list, one "- " line per entry (${HELP})` }).min(1, 'needs at least one entry');

const icon = z.enum(ICON_NAMES, {
  error: (issue) =>
    issue.input === undefined
      ? `this line is missing (${HELP})`
      : `"${String(issue.input)}" is not an icon the site knows; use one of: ${ICON_NAMES.join(', ')}`,
});

// YAML reads 2025-06-01 as a date and "2025-06-01" as text: both are fine, "June 2025" is not.
const DAY_FORMAT = 'must be a date written as YYYY-MM-DD, for example 2025-06-01';
const day = z
  .union([z.date(), z.iso.date({ error: DAY_FORMAT })], { error: DAY_FORMAT })
  .pipe(z.coerce.date({ error: DAY_FORMAT }));

/** Eyebrow, title and lead text above a landing section (SectionHeading.astro). */
const heading = fields({ eyebrow: text, title: text, text });
const iconItem = fields({ icon, title: text, text });
/** A section made of a heading and a list of icon + title + text items. */
const iconSection = fields({ heading, items: list(iconItem) });

/** One YAML file of src/content/landing per section; its collection holds that one entry. */
const landingFile = (fileName: string) => glob({ pattern: fileName, base: './src/content/landing' });

const hero = defineCollection({
  loader: landingFile('hero.yaml'),
  schema: fields({
    badge: text,
    title: text,
    titleHighlight: text,
    text,
    mainButton: text,
    secondButton: text,
    promises: list(text),
    qrCard: fields({ title: text, text }),
    review: fields({ quote: text, source: text }),
  }),
});

const socialProof = defineCollection({
  loader: landingFile('social-proof.yaml'),
  schema: fields({ stats: list(fields({ value: text, label: text })) }),
});

const features = defineCollection({ loader: landingFile('features.yaml'), schema: iconSection });
const benefits = defineCollection({ loader: landingFile('benefits.yaml'), schema: iconSection });
const contact = defineCollection({ loader: landingFile('contact.yaml'), schema: iconSection });

/** /privacy, /terms, /cookie, /gdpr: one Markdown file each, its name is the address. */
const legal = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/legal' }),
  schema: fields({
    title: text,
    description: text,
    updated: day,
    order: z
      .number({ error: 'must be a whole number: 1 is listed first in the legal navigation' })
      .int('must be a whole number: 1 is listed first in the legal navigation'),
    // Only the cookie policy has these boxes; they appear where its text says <!-- cookie-types -->.
    cookieTypes: list(fields({ name: text, purpose: text, lifetime: text })).optional(),
  }),
});

export const collections = { hero, socialProof, features, benefits, contact, legal };
