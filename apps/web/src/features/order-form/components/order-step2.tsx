import { AppNavigate, useAppNavigate } from '@/lib/navigation';
import { useOrderDraft } from '../hooks/use-order-draft';
import { useProfilePrefill } from '../hooks/use-profile-prefill';
import { useStepErrors } from '../hooks/use-step-errors';
import { validateStep1, validateStep2 } from '../model/validation';
import { OrderStepLayout } from './order-step-layout';
import { Step2Form } from './step2-form';

/** /order/step-2 (without a valid step 1 the visitor goes back there). */
export function OrderStep2() {
  const navigate = useAppNavigate();
  const draft = useOrderDraft();
  useProfilePrefill();
  const { errors, check } = useStepErrors(() => validateStep2(draft.step2));
  if (Object.keys(validateStep1(draft.step1)).length > 0) return <AppNavigate to="/order/step-1" replace />;
  return (
    <OrderStepLayout
      step={2}
      title="Контактные данные"
      backTo="/order/step-1"
      nextLabel="Далее"
      onNext={() => {
        if (check()) void navigate('/order/step-3');
      }}
    >
      <Step2Form errors={errors} />
    </OrderStepLayout>
  );
}
