import { useEffect, useRef } from 'react';
import { apiRequest } from '@/lib/api-client';

const activityEvents = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** While someone is active, the server is told at most this often, so their session stays alive. */
const keepAliveEveryMs = 5 * 60_000;

/**
 * Calls `onIdle` once after `idleMs` without pointer, key, wheel or scroll activity (no timer
 * while `idleMs` is undefined). Activity without API calls still keeps the server session alive.
 */
export function useIdleTimeout(idleMs: number | undefined, onIdle: () => void) {
  const onIdleRef = useRef(onIdle);
  useEffect(() => {
    onIdleRef.current = onIdle;
  });

  useEffect(() => {
    if (!idleMs) return;
    let lastActivity = Date.now();
    let lastKeepAlive = Date.now();
    let fired = false;
    const handleActivity = () => {
      lastActivity = Date.now();
      if (lastActivity - lastKeepAlive > Math.min(keepAliveEveryMs, idleMs / 2)) {
        lastKeepAlive = lastActivity;
        void apiRequest('auth/session').catch(() => undefined);
      }
    };
    for (const event of activityEvents) window.addEventListener(event, handleActivity, { passive: true });
    const timer = window.setInterval(() => {
      if (fired || Date.now() - lastActivity < idleMs) return;
      fired = true;
      onIdleRef.current();
    }, 1000);
    return () => {
      for (const event of activityEvents) window.removeEventListener(event, handleActivity);
      window.clearInterval(timer);
    };
  }, [idleMs]);
}
