/**
 * The guidebook's lists: check-in steps and additional info (docs/product.md §3 "Box"), the house
 * rules picked, and what guests do before leaving.
 */
import { z } from 'zod';
import { HOUSE_RULE_COUNT } from '../../house-rules.ts';
import { field, singleLine } from './fields.ts';

export const MAX_BOXES = 50;
export const MAX_MANUAL_BOXES = 50;
/** What guests do before leaving ("Strip the beds"): a short list, one line each. */
export const MAX_CHECKOUT_STEPS = 20;

/** Step ids are the editor's timestamps (docs/product.md §3); kept as sent so drag order and keys survive. */
const boxId = field.plain(z.number({ error: 'Each step needs a numeric id.' }).int('Each step needs a numeric id.').min(0).max(Number.MAX_SAFE_INTEGER));

export const boxSchema = z.object({
  id: boxId,
  title: field.plain(singleLine('A step title'), { translatable: true, label: (step) => `Check-in step ${step} title` }).default(''),
  paragraph: field.richText('A step text', { translatable: true, label: (step) => `Check-in step ${step} text` }).default(''),
  imageUrl: field.image('A step image', { named: (step) => `The image of check-in step ${step}` }).default(''),
});

export const manualBoxSchema = z.object({
  id: boxId,
  paragraph: field.richText('An additional info text', { translatable: true, label: (item) => `Additional info ${item}` }).default(''),
  imageUrl: field.image('An additional info image', { named: (item) => `The image of additional info ${item}` }).default(''),
});

function uniqueIds(boxes: ReadonlyArray<{ id: number }>): boolean {
  return new Set(boxes.map((box) => box.id)).size === boxes.length;
}

export const boxesSchema = z
  .array(boxSchema, { error: 'Check-in steps must be a list.' })
  .max(MAX_BOXES, `A guidebook can have at most ${MAX_BOXES} check-in steps.`)
  .refine(uniqueIds, 'Two check-in steps have the same id.');

export const manualBoxesSchema = z
  .array(manualBoxSchema, { error: 'Additional info must be a list.' })
  .max(MAX_MANUAL_BOXES, `A guidebook can have at most ${MAX_MANUAL_BOXES} additional info steps.`)
  .refine(uniqueIds, 'Two additional info steps have the same id.');

const houseRuleMessage = 'House rules must be a list of rule numbers.';
const houseRuleRange = `House rules are numbered 1 to ${HOUSE_RULE_COUNT}.`;

export const houseRulesSchema = z
  .array(field.plain(z.number({ error: houseRuleMessage }).int(houseRuleMessage).min(1, houseRuleRange).max(HOUSE_RULE_COUNT, houseRuleRange)), { error: houseRuleMessage })
  .max(HOUSE_RULE_COUNT, houseRuleMessage)
  // A rule picked twice is the same rule: keep the first place.
  .transform((ids) => [...new Set(ids)]);

export const checkoutStepsSchema = z
  .array(field.plain(singleLine('A check-out step'), { translatable: true, label: (step) => `Check-out step ${step}` }), { error: 'Check-out steps must be a list of lines.' })
  .max(MAX_CHECKOUT_STEPS, `A guidebook can have at most ${MAX_CHECKOUT_STEPS} check-out steps.`)
  // An editor's blank row is no step.
  .transform((steps) => steps.filter((step) => step !== ''));

export type Box = z.output<typeof boxSchema>;
export type ManualBox = z.output<typeof manualBoxSchema>;
