import { useEffect, useRef, useState } from 'react';

/**
 * Sends the visitor on to the marketing site a moment after a successful submit (spec 3 §2.8: 1
 * second after the contact form, 3 after the branch page), telling them meanwhile. The timer is
 * dropped if the page goes away first.
 */
export function useMarketingRedirect(delayMs: number) {
  const [target, setTarget] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  return {
    redirecting: target !== null,
    start(url: string) {
      setTarget(url);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => window.location.assign(url), delayMs);
    },
  };
}
