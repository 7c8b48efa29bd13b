import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { Link2 } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useState, type SubmitEvent } from 'react';
import { isAllowedUrl, LINK_SCHEMES } from '@shared/schemas/instruction.ts';
import { TOOL_BUTTON } from './toolbar-styles.ts';

/** "example.com" is meant as https; mail and phone links stay as written. */
function asLink(value: string): string {
  const trimmed = value.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** Adds, changes or removes the link on the selected text (the sanitiser keeps http(s), mailto, tel). */
export function LinkButton({ editor }: { editor: Editor }) {
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const [error, setError] = useState<string | null>(null);
  const isLink = useEditorState({ editor, selector: ({ editor: current }) => current.isActive('link') });

  function onOpenChange(next: boolean) {
    if (next) {
      setHref(String(editor.getAttributes('link').href ?? ''));
      setError(null);
    }
    setOpen(next);
  }

  function apply(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation();
    if (href.trim() === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setOpen(false);
      return;
    }
    const link = asLink(href);
    if (!isAllowedUrl(link, LINK_SCHEMES)) {
      setError('Use a web address, an e-mail (mailto:) or a phone (tel:) link.');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    // Nothing selected: the address itself becomes the linked text.
    if (editor.state.selection.empty && !isLink) chain.insertContent({ type: 'text', text: link, marks: [{ type: 'link', attrs: { href: link } }] }).run();
    else chain.setLink({ href: link }).run();
    setOpen(false);
  }

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger type="button" className={TOOL_BUTTON} aria-label={isLink ? 'Edit link' : 'Add link'} title="Link" aria-pressed={isLink}>
        <Link2 className="size-4" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={6} collisionPadding={12} className="z-50 w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-3 text-ink shadow-xl outline-none">
          {/* React events bubble through portals: `apply` stops the submit here. */}
          <form onSubmit={apply} noValidate className="grid gap-2">
            <label htmlFor={inputId} className="text-sm font-medium">Link address</label>
            <input
              id={inputId}
              className="field-input py-2"
              type="url"
              inputMode="url"
              placeholder="https://…"
              value={href}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              onChange={(event) => setHref(event.target.value)}
            />
            {error ? (
              <p id={`${inputId}-error`} className="field-error dark:text-red-400">
                {error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              {isLink ? (
                <button
                  type="button"
                  className="btn-ghost px-3 py-1.5"
                  onClick={() => {
                    editor.chain().focus().extendMarkRange('link').unsetLink().run();
                    setOpen(false);
                  }}
                >
                  Remove link
                </button>
              ) : null}
              <button type="submit" className="btn-primary px-4 py-1.5">
                Apply
              </button>
            </div>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
