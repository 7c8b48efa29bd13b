import { ArrowLeft, LoaderCircle, Pencil } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { messages } from '@shared/messages.ts';
import { errorMessage } from '@shared/api-client.ts';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useGuidebook } from '../api/get-guidebook.ts';
import { StaysView } from './StaysView.tsx';

const link = 'font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300';

/**
 * /dashboard/stays/:id, from the options panel's "Stays": the same view as the editor's Stays
 * tab, under the dashboard's own header, for hosts who hand out links without editing.
 */
export function StaysScreen() {
  const { id = '' } = useParams();
  const guidebook = useGuidebook(id);
  const name = guidebook.data?.nameInstruction || 'Untitled guidebook';
  useDocumentTitle(guidebook.data ? `Stays of ${name}` : 'Stays');
  const editPath = `/dashboard/edit/${encodeURIComponent(id)}`;

  return (
    <>
      <Link to="/dashboard" className="btn-ghost -ml-3 mb-3 px-3 text-sm">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Your Guidebooks
      </Link>
      <PageHeader
        title="Stays"
        description={guidebook.data ? name : undefined}
        actions={
          <Link to={editPath} className="btn-secondary">
            <Pencil className="size-4" aria-hidden="true" />
            Edit guidebook
          </Link>
        }
      />
      {guidebook.isPending ? (
        <p role="status" className="flex items-center gap-2 text-muted">
          <LoaderCircle className="size-5 animate-spin text-brand-700 dark:text-brand-300" aria-hidden="true" />
          Loading stays…
        </p>
      ) : guidebook.isError ? (
        <LoadError message={errorMessage(guidebook.error, messages.stays.loadFailed)} onRetry={() => void guidebook.refetch()} />
      ) : (
        <StaysView
          guidebook={{
            id,
            name,
            timeZone: guidebook.data.timeZone,
            secretsPolicy: guidebook.data.secretsPolicy,
            revealHoursBefore: guidebook.data.revealHoursBefore,
            checkInTime: guidebook.data.checkInTime,
            checkOutTime: guidebook.data.checkOutTime,
          }}
          policyAction={
            <Link to={editPath} className={link}>
              Change in the editor
            </Link>
          }
        />
      )}
    </>
  );
}
