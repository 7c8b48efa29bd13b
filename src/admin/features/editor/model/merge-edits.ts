import { describeChanges, FIELD_LABELS, fieldChanges, sameValue } from '@shared/revision-changes.ts';
import type { Instruction, InstructionContent } from '@shared/schemas/instruction.ts';
import { comparableContent } from './editor-form.ts';

type Field = keyof InstructionContent;

/**
 * A save refused as stale (409) and what to do about it (docs/product.md §4 Editor): the tab's
 * edits put on the latest version, field by field, a three-way merge of the version the tab
 * loaded, the tab's form and the latest version. Fields are the guidebook's top-level fields, as
 * the History counts them (a list of steps is one field).
 */
export interface EditsOnLatest {
  /** The latest version with every field this tab changed taken from the tab. */
  form: Instruction;
  /** What was saved elsewhere since the tab loaded, in the History's words ("Name changed"). */
  theirs: string[];
  /** What this tab changed, in the same words. */
  mine: string[];
  /** Fields both changed, to different values: the tab's replace the others' once the host confirms. */
  both: Field[];
}

export function editsOnLatest(loaded: Instruction, form: Instruction, latest: Instruction): EditsOnLatest {
  const base = comparableContent(loaded);
  const ours = comparableContent(form);
  const theirs = comparableContent(latest);
  const ourFields = fieldChanges(base, ours).map((change) => change.field);
  const theirFields = new Set(fieldChanges(base, theirs).map((change) => change.field));
  // The latest copy carries the server's fields (`_id`, `version`, `token`…); the tab's fields as typed.
  const merged: Record<string, unknown> = { ...latest };
  for (const field of ourFields) merged[field] = form[field];
  return {
    form: merged as Instruction,
    theirs: describeChanges(base, theirs),
    mine: describeChanges(base, ours),
    both: ourFields.filter((field) => theirFields.has(field) && !sameValue(ours[field], theirs[field])),
  };
}

/** "Name and Wi-Fi password": the fields as the History names them. */
export function fieldList(fields: readonly Field[]): string {
  const labels = fields.map((field) => FIELD_LABELS[field]);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}
