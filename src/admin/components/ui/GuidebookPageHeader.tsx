import { ArrowLeft, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { useCan } from '../../lib/team-role.ts';
import { PageHeader } from './PageHeader.tsx';

interface Props {
  /** "Stays", "Insights". */
  title: string;
  guidebookId: string;
  /** The guidebook's name, once it is loaded. */
  name: string | undefined;
}

/**
 * The head of a screen about one guidebook, opened from its options panel (Stays, Insights): the
 * way back to the guidebooks, the screen's title over the guidebook's name, and its editor.
 */
export function GuidebookPageHeader({ title, guidebookId, name }: Props) {
  // A Cleaner may not edit (docs/product.md §6 Team roles): no way into the editor.
  const edits = useCan()('guidebook.edit');
  return (
    <>
      <Link to="/dashboard" className="btn-ghost -ml-3 mb-3 px-3 text-sm">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Your Guidebooks
      </Link>
      <PageHeader
        title={title}
        description={name}
        actions={
          edits ? (
            <Link to={`/dashboard/edit/${encodeURIComponent(guidebookId)}`} className="btn-secondary">
              <Pencil className="size-4" aria-hidden="true" />
              Edit guidebook
            </Link>
          ) : null
        }
      />
    </>
  );
}
