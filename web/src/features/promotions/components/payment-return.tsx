/**
 * The return from Stripe's checkout page (spec 001): ?promotion_success=true&promotion_id=... asks the API how
 * the payment went, and says so in a toast ('Payment Verified! 🎉' once the verified webhook has marked it
 * paid, 'Payment Verification Failed' when it has not within a while); ?promotion_cancelled=true says
 * 'Payment Cancelled'. The browser's return proves nothing by itself: only the server's status counts. The
 * query is removed afterwards, so a reload or Back does not toast again.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useToast } from '../../../components/toast.tsx';
import { usePromotion, useRefreshPromotions } from '../api/use-promotions.ts';

/** How long the page waits for the webhook before saying it could not verify the payment. */
export const VERIFY_WAIT_MS = 15_000;

const RETURN_PARAMS = ['promotion_success', 'promotion_cancelled', 'promotion_id'] as const;

export function PaymentReturnToast() {
  const [params, setParams] = useSearchParams();
  const { toast } = useToast();
  const refreshPromotions = useRefreshPromotions();
  const id = params.get('promotion_id') ?? undefined;
  const success = params.get('promotion_success') === 'true' && Boolean(id);
  const cancelled = params.get('promotion_cancelled') === 'true';
  const [timedOut, setTimedOut] = useState(false);
  const done = useRef(false);
  const promotion = usePromotion(success ? id : undefined, (current) => !timedOut && (!current || current.paymentStatus === 'pending'));

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setTimedOut(true), VERIFY_WAIT_MS);
    return () => clearTimeout(timer);
  }, [success]);

  useEffect(() => {
    if (done.current || (!success && !cancelled)) return;
    const finish = () => {
      done.current = true;
      refreshPromotions();
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of RETURN_PARAMS) next.delete(name);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    };
    if (cancelled) {
      toast({ title: 'Payment Cancelled', description: 'Nothing was charged. You can complete the payment from your promotions list.' });
      finish();
      return;
    }
    const status = promotion.data?.paymentStatus;
    if (status === 'paid' || status === 'refunded') {
      toast({ title: 'Payment Verified! 🎉', description: 'Your promotion is paid. An administrator reviews it before it goes live.' });
      finish();
    } else if (promotion.isError || status === 'failed' || timedOut) {
      toast({
        title: 'Payment Verification Failed',
        description: 'We could not confirm your payment yet. If you were charged, it will show in your promotions shortly.',
        variant: 'destructive',
      });
      finish();
    }
  }, [success, cancelled, promotion.data, promotion.isError, timedOut, toast, setParams, refreshPromotions]);

  return null;
}
