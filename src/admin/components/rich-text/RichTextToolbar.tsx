import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { Bold, Italic, List, ListOrdered, Strikethrough, Underline, type LucideIcon } from 'lucide-react';
import type { MarkerName } from '@shared/schemas/instruction.ts';
import { LinkButton } from './LinkButton.tsx';
import { markerNodeName } from './marker-nodes.ts';
import { MARKERS } from './markers.ts';
import { TOOL_BUTTON } from './toolbar-styles.ts';

interface Props {
  editor: Editor;
  /** The field's label, so each toolbar is told apart ("Formatting: Step text"). */
  label: string;
  markers: readonly MarkerName[];
}

type MarkName = 'bold' | 'italic' | 'underline' | 'strike' | 'bulletList' | 'orderedList';

const FORMATS: ReadonlyArray<{ name: MarkName; label: string; icon: LucideIcon; run: (editor: Editor) => void }> = [
  { name: 'bold', label: 'Bold', icon: Bold, run: (editor) => editor.chain().focus().toggleBold().run() },
  { name: 'italic', label: 'Italic', icon: Italic, run: (editor) => editor.chain().focus().toggleItalic().run() },
  { name: 'underline', label: 'Underline', icon: Underline, run: (editor) => editor.chain().focus().toggleUnderline().run() },
  { name: 'strike', label: 'Strikethrough', icon: Strikethrough, run: (editor) => editor.chain().focus().toggleStrike().run() },
  { name: 'bulletList', label: 'Bulleted list', icon: List, run: (editor) => editor.chain().focus().toggleBulletList().run() },
  { name: 'orderedList', label: 'Numbered list', icon: ListOrdered, run: (editor) => editor.chain().focus().toggleOrderedList().run() },
];

/** Formatting buttons and the marker inserts above one rich-text field. */
export function RichTextToolbar({ editor, label, markers }: Props) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => Object.fromEntries(FORMATS.map(({ name }) => [name, current.isActive(name)])) as Record<MarkName, boolean>,
  });

  return (
    <div role="toolbar" aria-label={`Formatting: ${label}`} className="flex flex-wrap items-center gap-0.5 border-b border-line bg-canvas/60 px-1.5 py-1">
      {FORMATS.map(({ name, label: formatLabel, icon: Icon, run }) => (
        <button key={name} type="button" className={TOOL_BUTTON} aria-label={formatLabel} title={formatLabel} aria-pressed={active[name]} onClick={() => run(editor)}>
          <Icon className="size-4" aria-hidden="true" />
        </button>
      ))}
      <LinkButton editor={editor} />
      {markers.length > 0 ? (
        <div className="flex w-full flex-wrap items-center gap-1 border-t border-line pt-1">
          <span className="px-1.5 text-xs font-medium text-muted" aria-hidden="true">
            Insert
          </span>
          {markers.map((marker) => {
            const { label, icon: Icon } = MARKERS[marker];
            return (
              <button
                key={marker}
                type="button"
                className="inline-flex h-8 items-center gap-1.5 rounded-full border border-line bg-surface px-3 text-sm font-medium text-ink hover:border-brand-300 hover:bg-brand-50"
                onClick={() => editor.chain().focus().insertContent({ type: markerNodeName(marker) }).run()}
              >
                <Icon className="size-3.5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
                <span className="sr-only">Insert </span>
                {label}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
