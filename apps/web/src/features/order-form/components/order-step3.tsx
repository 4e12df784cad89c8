import { Alert } from '@mantine/core';
import { AppNavigate } from '@/lib/navigation';
import { useOrderDraft } from '../hooks/use-order-draft';
import { usePromo } from '../hooks/use-promo';
import { useStepErrors } from '../hooks/use-step-errors';
import { useSubmitOrder } from '../hooks/use-submit-order';
import { validateStep1, validateStep2, validateStep3 } from '../model/validation';
import { FormParamsGate } from './form-params-gate';
import { OrderStepLayout } from './order-step-layout';
import { Step3Form } from './step3-form';

/** /order/step-3: delivery and submit. */
export function OrderStep3() {
  const draft = useOrderDraft();
  const promo = usePromo(draft.step1.promoCode);
  const { errors, check } = useStepErrors(() => validateStep3(draft.step3));
  const { submit, isSubmitting, submitError } = useSubmitOrder({
    validPromoCode: promo.status === 'valid' ? promo.code : null,
  });
  if (Object.keys(validateStep1(draft.step1)).length > 0) return <AppNavigate to="/order/step-1" replace />;
  if (Object.keys(validateStep2(draft.step2)).length > 0) return <AppNavigate to="/order/step-2" replace />;
  return (
    <OrderStepLayout
      step={3}
      title="Доставка"
      backTo="/order/step-2"
      nextLabel="Оформить заказ"
      isNextLoading={isSubmitting}
      isNextDisabled={isSubmitting || promo.status === 'checking'}
      // The layout moves focus after the submit settles: to the first field the server refused, or the error.
      onNext={() => (check() ? submit() : undefined)}
    >
      {submitError ? (
        <Alert
          color="red"
          variant="light"
          title="Заказ не оформлен"
          role="alert"
          tabIndex={-1}
          data-step-error
        >
          {submitError} Данные формы сохранены — попробуйте ещё раз.
        </Alert>
      ) : null}
      <FormParamsGate>
        <Step3Form errors={errors} />
      </FormParamsGate>
    </OrderStepLayout>
  );
}
