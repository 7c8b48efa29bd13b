import { useRef } from 'react';
import type { Blocker } from 'react-router';
import { messages } from '@shared/messages.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';

/** docs/product.md §4 Editor: leaving with unsaved changes asks first (the blocker of use-unsaved-changes). */
export function LeavePrompt({ blocker }: { blocker: Blocker }) {
  const leaving = useRef(false);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        // Closing by "Leave" proceeds; any other way (Stay, Escape) stays.
        if (!open && !leaving.current && blocker.state === 'blocked') blocker.reset();
        leaving.current = false;
      }}
      title={messages.editor.leaveTitle}
      description={messages.instruction.unsavedChanges}
      cancelLabel="Stay"
      confirmLabel="Leave"
      danger
      onConfirm={() => {
        leaving.current = true;
        blocker.proceed?.();
      }}
    />
  );
}
