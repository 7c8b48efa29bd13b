import { ArrowLeft, Pencil } from 'lucide-react';
import { Link } from 'react-router';
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
          <Link to={`/dashboard/edit/${encodeURIComponent(guidebookId)}`} className="btn-secondary">
            <Pencil className="size-4" aria-hidden="true" />
            Edit guidebook
          </Link>
        }
      />
    </>
  );
}
