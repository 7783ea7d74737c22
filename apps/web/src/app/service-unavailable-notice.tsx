import { signInMessages } from '@krowd/domain/messages/sign-in-messages';
import { useServiceUnavailable } from '@/lib/service-status';

/**
 * One notice, over every page, while the server answers 503 (its database is away): the page
 * stays as it is and its calls are retried until the server serves again, then the notice goes
 * (docs/decisions.md 'Serving through database faults'). The live region is always there, so a
 * screen reader hears the notice when it appears.
 */
export function ServiceUnavailableNotice() {
  const unavailable = useServiceUnavailable();
  return (
    <div
      role="status"
      aria-live="polite"
      style={{
        position: 'fixed',
        top: 8,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 1000,
        maxWidth: 'calc(100vw - 16px)',
      }}
    >
      {unavailable ? (
        <p
          style={{
            margin: 0,
            padding: '8px 16px',
            borderRadius: 4,
            background: '#fff3bf',
            color: '#4a3100',
            border: '1px solid #e8b400',
            boxShadow: '0 1px 4px rgba(0, 0, 0, 0.15)',
            fontSize: 14,
          }}
        >
          {signInMessages.common.serviceUnavailableRetrying}
        </p>
      ) : null}
    </div>
  );
}
