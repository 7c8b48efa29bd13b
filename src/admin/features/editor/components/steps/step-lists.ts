import { DoorOpen, Info, type LucideIcon } from 'lucide-react';
import { MAX_BOXES, MAX_MANUAL_BOXES, type MarkerName } from '@shared/schemas/instruction.ts';
import type { ImageShape } from '../../../../lib/upload-image.ts';
import type { StepListKey } from '../../model/editor-form.ts';

/** What differs between the two step lists of docs/product.md §2 Editor. */
export interface StepListConfig {
  key: StepListKey;
  sectionId: string;
  title: string;
  description: string;
  icon: LucideIcon;
  /** react-dnd item type: a step cannot be dropped into the other list. */
  dragType: string;
  /** "Step 2", "Info 2". */
  noun: string;
  markers: readonly MarkerName[];
  shape: ImageShape;
  withTitle: boolean;
  addLabel: string;
  max: number;
  empty: string;
}

export const CHECK_IN_STEPS: StepListConfig = {
  key: 'boxes',
  sectionId: 'check-in-steps',
  title: 'Check-in steps',
  description: 'How guests get from the street to the sofa, one step at a time.',
  icon: DoorOpen,
  dragType: 'check-in-step',
  noun: 'Step',
  // docs/product.md §4 Editor: the lock-box code marker belongs to check-in steps only.
  markers: ['lockbox', 'address'],
  shape: 'square',
  withTitle: true,
  addLabel: 'Add step',
  max: MAX_BOXES,
  empty: 'No check-in steps yet. Start with how to find the building.',
};

export const ADDITIONAL_INFO: StepListConfig = {
  key: 'manualBoxes',
  sectionId: 'additional-info',
  title: 'Additional info',
  description: 'Appliances, parking, recycling: anything guests may look up during the stay.',
  icon: Info,
  dragType: 'info-step',
  noun: 'Info',
  markers: ['address'],
  shape: 'rectangle',
  withTitle: false,
  addLabel: 'Add info',
  max: MAX_MANUAL_BOXES,
  empty: 'No additional info yet.',
};
