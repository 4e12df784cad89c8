import { CreateOrderRequestSchema, MESSAGES } from '@app/contracts';
import { useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { getOrderAnalyticsIds, trackFormSubmit } from '@/lib/analytics';
import { getAttributionPayload } from '@/lib/attribution';
import { getErrorToasts, showErrorToast } from '@/lib/notify';
import { useAppNavigate } from '@/lib/navigation';
import { createOrder } from '../api/create-order';
import { deleteDraft } from '../model/draft';
import { orderIdempotencyKey } from '../model/idempotency';
import { buildOrderPayload } from '../model/payload';
import { rememberCreatedOrder } from '../model/success-storage';
import { mapServerDetails, validateStep1, validateStep2, type StepNumber } from '../model/validation';
import { validateWithSchema } from '@/lib/forms';
import { useOrderDraftStore } from './use-order-draft';

const STEP_PATH: Record<StepNumber, string> = {
  1: '/order/step-1',
  2: '/order/step-2',
  3: '/order/step-3',
};

const validateOrder = validateWithSchema(CreateOrderRequestSchema);

/**
 * Sends the draft once: the button is locked while the request runs, and the Idempotency-Key (the draft's key
 * and its order, model/idempotency.ts) makes a repeated click, a retry or a second tab with the same order return
 * that order instead of a new one; a changed order gets a key of its own.
 */
export function useSubmitOrder({ validPromoCode }: { validPromoCode: string | null }) {
  const store = useOrderDraftStore();
  const navigate = useAppNavigate();
  const [isSubmitting, setSubmitting] = useState(false);
  /** Why the last «Оформить заказ» did not go through, when no field carries it; stays until the next try. */
  const [submitError, setSubmitError] = useState<string | null>(null);
  const inFlight = useRef(false);

  const submit = async () => {
    if (inFlight.current) return;
    const draft = store.getDraft();
    if (Object.keys(validateStep1(draft.step1)).length > 0) {
      void navigate(STEP_PATH[1]);
      return;
    }
    if (Object.keys(validateStep2(draft.step2)).length > 0) {
      void navigate(STEP_PATH[2]);
      return;
    }
    // The analytics ids tie the order to this visit's funnel (decision 066); they are not part of the order's
    // identity (canonicalOrderRequest leaves them out of the idempotency key).
    const payload = {
      ...buildOrderPayload(draft, { validPromoCode, attribution: getAttributionPayload() }),
      ...getOrderAnalyticsIds(),
    };
    const clientErrors = validateOrder(payload);
    if (Object.keys(clientErrors).length > 0) {
      const { errors, step } = mapServerDetails(
        Object.entries(clientErrors).map(([path, message]) => ({ path, message })),
      );
      store.setServerErrors(errors);
      if (step !== null && step !== 3) void navigate(STEP_PATH[step]);
      return;
    }
    trackFormSubmit('order', {
      documents: payload.documentsWithQuantity.length,
      payerType: payload.payerType ?? null,
      deliveryId: payload.deliveryId ?? null,
      hasPromoCode: Boolean(payload.promoCode),
    });
    inFlight.current = true;
    setSubmitting(true);
    setSubmitError(null);
    try {
      const order = await createOrder(payload, orderIdempotencyKey(draft.idempotencyKey, payload));
      rememberCreatedOrder(order, draft.idempotencyKey);
      // The stored copy goes now (a reload must not bring the sent order back); the draft in memory is
      // cleared by the success page, as clearing it under step 3 would send its guard back to step 1.
      deleteDraft();
      void navigate(`/order/${order.id}/success`, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.details.length > 0) {
        const { errors, step } = mapServerDetails(error.details);
        store.setServerErrors(errors);
        if (step !== null && step !== 3) void navigate(STEP_PATH[step]);
      } else if (!isApiError(error) || error.kind !== 'aborted') {
        setSubmitError(getErrorToasts(error)[0]?.message ?? MESSAGES.internalError);
      }
      showErrorToast(error);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return { submit, isSubmitting, submitError };
}
