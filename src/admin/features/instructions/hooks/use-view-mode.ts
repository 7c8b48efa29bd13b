import { useCallback, useState } from 'react';

export type ViewMode = 'cards' | 'table';

const STORAGE_KEY = 'porchlight.instructions.view';

function read(): ViewMode {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards';
  }
}

/** Cards or table (docs/product.md §2 list toggle), remembered in this browser. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(read);
  const choose = useCallback((next: ViewMode) => {
    setMode(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private mode: the choice lasts for this visit.
    }
  }, []);
  return [mode, choose];
}
