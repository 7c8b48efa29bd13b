import { useEffect, useRef } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * docs/product.md §4 Editor: leaving with unsaved changes asks first. In-app navigation (the Dashboard link,
 * the browser's back button) is held by react-router's blocker, which the screen turns into a
 * dialog; closing or reloading the tab gets the browser's own `beforeunload` prompt.
 */
export function useUnsavedChanges(dirty: boolean): { blocker: Blocker } {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyRef.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search));

  useEffect(() => {
    if (!dirty) return;
    // Current browsers show their own wording; preventDefault is what asks for the prompt.
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // A blocked navigation whose reason went away (saved meanwhile) is let through.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return { blocker };
}
