import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Mandate } from '@krowd/domain/payment/payment-response.schema';
import { serverErrorOf } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useCompleteMandate } from '../api/complete-mandate.ts';

export const returnParam = 'redirect_flow_id';

/**
 * Flow ids already sent for completion in this page's life. A flow completes once: React runs
 * effects twice in development and the panel may be mounted again (a brand change, the train's
 * steps), so the guard outlives one component.
 */
const completedFlows = new Set<string>();

/**
 * The payer is back from the provider's page (`?redirect_flow_id=`): the mandate is completed once,
 * the answer told as a notification, and the parameter taken out of the address so a reload or a
 * shared link does not send it again. `isCompleting` is true while the server works.
 */
export function useMandateReturn(onCompleted?: (mandate: Mandate) => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const flowId = searchParams.get(returnParam);
  const { mutate: complete, isPending: isCompleting } = useCompleteMandate();
  const onCompletedRef = useRef(onCompleted);
  useEffect(() => {
    onCompletedRef.current = onCompleted;
  });

  useEffect(() => {
    if (!flowId) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(returnParam);
        return next;
      },
      { replace: true },
    );
    if (completedFlows.has(flowId)) return;
    completedFlows.add(flowId);
    complete(
      { redirect_flow_id: flowId },
      {
        onSuccess: (response) => {
          notify.success(response.respMessage);
          onCompletedRef.current?.(response.mandate);
        },
        onError: (error) => notify.error(serverErrorOf(error)),
      },
    );
  }, [flowId, setSearchParams, complete]);

  return { isCompleting };
}
