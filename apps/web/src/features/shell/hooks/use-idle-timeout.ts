import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '@/lib/api-client';

const activityEvents = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** While someone is active, the server is told at most this often, so their session stays alive. */
const keepAliveEveryMs = 5 * 60_000;

/**
 * Watches for activity. After `idleMs` without any, answers true (the caller shows the inactivity
 * modal and ends the session). Activity without API calls still keeps the server session alive.
 */
export function useIdleTimeout(idleMs: number | undefined, enabled: boolean): boolean {
  const [timedOut, setTimedOut] = useState(false);
  const lastActivity = useRef(Date.now());
  const lastKeepAlive = useRef(Date.now());

  useEffect(() => {
    if (!enabled || !idleMs) return;
    lastActivity.current = Date.now();
    setTimedOut(false);
    const handleActivity = () => {
      lastActivity.current = Date.now();
      if (Date.now() - lastKeepAlive.current > Math.min(keepAliveEveryMs, idleMs / 2)) {
        lastKeepAlive.current = Date.now();
        void apiRequest('auth/session').catch(() => undefined);
      }
    };
    for (const event of activityEvents) window.addEventListener(event, handleActivity, { passive: true });
    const timer = window.setInterval(() => {
      if (Date.now() - lastActivity.current >= idleMs) setTimedOut(true);
    }, 1000);
    return () => {
      for (const event of activityEvents) window.removeEventListener(event, handleActivity);
      window.clearInterval(timer);
    };
  }, [enabled, idleMs]);

  return enabled && timedOut;
}
