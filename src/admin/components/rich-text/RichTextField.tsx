import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef } from 'react';
import type { MarkerName } from '@shared/schemas/instruction.ts';
import { AddressMarker, LockboxMarker } from './marker-nodes.ts';
import { RichTextToolbar } from './RichTextToolbar.tsx';
import './rich-text.css';

interface Props {
  /** DOM id of the editable area (validation messages focus it). */
  id: string;
  label: string;
  hint?: string;
  /** HTML as stored; read once when the field mounts (the editor owns the text afterwards). */
  value: string;
  onChange: (html: string) => void;
  /** Markers this field offers to insert (docs/product.md §4: the lock-box code in check-in steps only). */
  markers?: readonly MarkerName[];
  readOnly?: boolean;
}

/**
 * Rich text with Tiptap 3 (docs/architecture.md, Stack): paragraphs, bold, italic, underline, strike, lists
 * and links, which is what the server's sanitiser keeps (RICH_TEXT_TAGS, src/lib/shared/rich-text.ts),
 * plus the two marker chips. Both marker
 * nodes are always known, so a marker already in a text survives even where none is offered.
 */
export function RichTextField({ id, label, hint, value, onChange, markers = [], readOnly = false }: Props) {
  const labelId = useId();
  const hintId = `${labelId}-hint`;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto', 'tel'] },
      }),
      LockboxMarker,
      AddressMarker,
    ],
    content: value,
    editable: !readOnly,
    // The CSP allows no injected <style>; the same rules ship in rich-text.css.
    injectCSS: false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(hint ? { 'aria-describedby': hintId } : {}),
        class: 'rt-content',
      },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? '' : current.getHTML()),
  });

  useEffect(() => {
    editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  const focused = useEditorState({ editor, selector: ({ editor: current }) => current.isFocused });

  return (
    <div>
      <span id={labelId} className="field-label" onClick={() => editor.commands.focus()}>
        {label}
      </span>
      <div
        className={`overflow-hidden rounded-xl border bg-surface transition-shadow ${focused ? 'border-brand-500 ring-4 ring-brand-100' : 'border-line'} ${readOnly ? 'opacity-80' : ''}`}
      >
        {readOnly ? null : <RichTextToolbar editor={editor} label={label} markers={markers} />}
        <EditorContent editor={editor} />
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
