import { useEffect } from 'react';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/** A failed fetch is told as a notification, unless the session ended (its modal says so). */
export function useFailureNotice(failure: Error | null) {
  useEffect(() => {
    if (failure && !(failure instanceof ApiError && failure.status === 401)) notify.error(failure.message);
  }, [failure]);
}
