import { HeartHandshake } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { IconBadge } from '../../../components/ui/IconBadge.tsx';

export function FeedbackThanks() {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: move focus to what replaced it so keyboard and screen-reader users follow.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="card flex flex-col items-center gap-3 p-8 text-center sm:p-12">
      <IconBadge icon={HeartHandshake} className="size-14 rounded-full" iconClassName="size-7" />
      <h2 ref={heading} tabIndex={-1} className="font-display text-2xl font-bold text-ink outline-none">
        {messages.feedback.thanks}
      </h2>
      <p className="max-w-md text-muted">We read every answer. If you left something we should follow up on, we will write to you.</p>
      <Link to="/dashboard" className="btn-secondary mt-2">
        Back to your guidebooks
      </Link>
    </div>
  );
}
