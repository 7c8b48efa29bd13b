import type { ReactNode } from 'react';
import { LogoMark } from '../../components/ui/LogoMark.tsx';

interface Props {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Below the card body, e.g. "New to Porchlight? Sign up". */
  footer?: ReactNode;
  /** Replaces the product mark above the heading, e.g. a status icon. */
  icon?: ReactNode;
}

/** The centred card every account page uses: product mark, one h1, short helpful copy. */
export default function AuthCard({ title, description, children, footer, icon }: Props) {
  return (
    <div className="card px-6 py-8 sm:px-10 sm:py-10">
      <div className="mb-7 flex flex-col items-center text-center">
        {icon ?? <LogoMark className="size-12" />}
        <h1 className="mt-4 font-display text-2xl font-bold tracking-tight text-ink sm:text-[1.75rem]">{title}</h1>
        {description ? <p className="mt-2 max-w-sm text-[0.9375rem] leading-relaxed text-muted">{description}</p> : null}
      </div>
      {children}
      {footer ? <div className="mt-7 border-t border-line pt-5 text-center text-sm text-muted">{footer}</div> : null}
    </div>
  );
}
