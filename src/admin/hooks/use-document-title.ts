import { useEffect } from 'react';

/** "Profile · Porchlight": each screen names the tab, so history and tabs stay readable. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Porchlight`;
  }, [title]);
}
