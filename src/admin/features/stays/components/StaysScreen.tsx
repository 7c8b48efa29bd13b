import { Link, useParams } from 'react-router';
import { messages } from '@shared/messages.ts';
import { errorMessage } from '@shared/api-client.ts';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { GuidebookPageHeader } from '../../../components/ui/GuidebookPageHeader.tsx';
import { LoadingStatus } from '../../../components/ui/LoadingStatus.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useGuidebook } from '../api/get-guidebook.ts';
import { StaysView } from './StaysView.tsx';
import { useCan } from '../../../lib/team-role.ts';

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
  // Who sees the door code is the Owner's and the Admin's to change (docs/product.md §6 Team roles).
  const locks = useCan()('guidebook.lock');

  return (
    <>
      <GuidebookPageHeader title="Stays" guidebookId={id} name={guidebook.data ? name : undefined} />
      {guidebook.isPending ? (
        <LoadingStatus>Loading stays…</LoadingStatus>
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
            locks ? (
              <Link to={`/dashboard/edit/${encodeURIComponent(id)}`} className={link}>
                Change in the editor
              </Link>
            ) : undefined
          }
        />
      )}
    </>
  );
}
