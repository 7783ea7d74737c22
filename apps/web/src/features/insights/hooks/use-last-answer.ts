import { useState } from 'react';

/**
 * The last answer a view was drawn from: a failed or respCode-less answer leaves the view as it was
 * (the failure is shown beside it), rather than emptying it.
 */
export function useLastAnswer<T>(data: T | undefined): T | undefined {
  const [last, setLast] = useState(data);
  if (data !== undefined && data !== last) setLast(data);
  return data ?? last;
}
