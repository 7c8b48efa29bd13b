import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { MAX_ADDRESS } from '@shared/schemas/instruction.ts';
import { MapLinkField } from '../../../../components/map/MapLinkField.tsx';
import { fieldId, type SectionProps } from '../../model/editor-form.ts';
import { useEditorContext } from '../common/editor-context.ts';
import { Section } from '../common/Section.tsx';

/**
 * docs/product.md §2 Editor "Address", §4 Address flow: a map link is resolved to coordinates and then to a
 * written address, which fills the field below; the field shows once there is an address. A
 * failure ("Could not resolve address", "Address resolution failed") stands where the address
 * would be, and the host can still type it.
 */
export function AddressPanel({ form, patch }: SectionProps) {
  const { readOnly } = useEditorContext();
  const [typing, setTyping] = useState(false);
  // A lookup that found the point but not its address asks for it: the field shows, unfocused.
  const [asked, setAsked] = useState(false);
  const showAddress = form.address !== '' || typing || asked;

  return (
    <Section id="address" title="Address" icon={MapPin} compact description="Paste the property's map link; the written address follows.">
      <div className="grid gap-3">
        <MapLinkField
          id={fieldId('addressUrl')}
          value={form.addressUrl}
          onChange={(addressUrl) => patch({ addressUrl })}
          readOnly={readOnly}
          onResolved={(result) => {
            if (result.ok) patch({ address: result.address });
            else if (result.point) setAsked(true);
          }}
          addressFieldId={fieldId('address')}
        />
        {showAddress ? (
          <div>
            <label htmlFor={fieldId('address')} className="field-label">
              Written address
            </label>
            <textarea
              id={fieldId('address')}
              className="field-input min-h-20 resize-y"
              rows={2}
              maxLength={MAX_ADDRESS}
              // Appears because the host asked to type it: the focus goes there.
              autoFocus={typing}
              value={form.address}
              onChange={(event) => patch({ address: event.target.value.replace(/\r?\n/g, ' ') })}
            />
          </div>
        ) : readOnly ? null : (
          <button type="button" className="justify-self-start text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300" onClick={() => setTyping(true)}>
            Type the address yourself
          </button>
        )}
      </div>
    </Section>
  );
}
