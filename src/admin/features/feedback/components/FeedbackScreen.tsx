import { useState } from 'react';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { FeedbackForm } from './FeedbackForm.tsx';
import { FeedbackThanks } from './FeedbackThanks.tsx';

/** docs/product.md §2 Feedback page: the survey, then the thank-you state (docs/product.md §4). */
export function FeedbackScreen() {
  useDocumentTitle('Feedback');
  const [sent, setSent] = useState(false);
  return (
    <>
      <PageHeader title="Feedback" description="Six quick questions. Your answers shape what we build next." />
      {sent ? <FeedbackThanks /> : <FeedbackForm onSent={() => setSent(true)} />}
    </>
  );
}
