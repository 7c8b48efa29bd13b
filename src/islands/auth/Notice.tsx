import type { ReactNode } from 'react';

type Tone = 'info' | 'success' | 'error';

const TONES: Record<Tone, { box: string; icon: string; path: string }> = {
  info: { box: 'border-sky-200 bg-sky-50 text-sky-950', icon: 'text-sky-700', path: 'M12 11v5m0-8.5v.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z' },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-950', icon: 'text-emerald-700', path: 'm8 12.5 2.5 2.5L16 9.5M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z' },
  error: { box: 'border-red-200 bg-red-50 text-red-950', icon: 'text-red-700', path: 'M12 8v4.5m0 3.5v.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z' },
};

interface Props {
  tone?: Tone;
  title?: string;
  children: ReactNode;
  id?: string;
  /** 'status' announces politely when it appears; omit for notices present on load. */
  role?: 'status' | 'alert';
}

/** An inline message box: verification pending, mail sent, a server error that should stay visible. */
export default function Notice({ tone = 'info', title, children, id, role }: Props) {
  const style = TONES[tone];
  return (
    <div id={id} role={role} className={`flex gap-3 rounded-xl border px-4 py-3.5 text-sm leading-relaxed ${style.box}`}>
      <svg className={`mt-0.5 size-5 shrink-0 ${style.icon}`} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={style.path} />
      </svg>
      <div className="min-w-0 [overflow-wrap:anywhere]">
        {title ? <p className="font-semibold">{title}</p> : null}
        <div className={title ? 'mt-0.5' : undefined}>{children}</div>
      </div>
    </div>
  );
}
