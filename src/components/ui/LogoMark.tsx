/**
 * The porch-light lantern, same drawing as public/favicon.svg, in the dashboard and on the account
 * pages (src/islands/auth/AuthCard.tsx). Decorative: the wordmark or the page's heading names it.
 */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#b4460a" />
      <path d="M16 4.5v3" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <path d="M10.5 11.5 13 8h6l2.5 3.5z" fill="#fff" />
      <rect x="12" y="11.5" width="8" height="10" rx="1.5" fill="#ffe6a8" stroke="#fff" strokeWidth="2" />
      <path d="M16 13.6c1.6 1.6 2 2.8 2 3.7a2 2 0 0 1-4 0c0-.9.4-2.1 2-3.7z" fill="#f97d12" />
      <rect x="11" y="21.5" width="10" height="2.5" rx="1.25" fill="#fff" />
      <path d="M7 14.5h2M23 14.5h2M7.8 19.5l1.7-1M24.2 19.5l-1.7-1" stroke="#ffc070" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
