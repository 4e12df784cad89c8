import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useRemovePageSnapshot } from '@/lib/page-snapshot';
import { useFormParams } from '../api/form-params';

/** The steps need the catalogue (documents, prices, deliveries) before anything makes sense. */
export function FormParamsGate({ children }: { children: ReactNode }) {
  const { data, isError, error, refetch } = useFormParams();
  // A failed catalogue must be seen (with its retry button), not hidden under the build-time copy of step 1.
  useRemovePageSnapshot(isError);
  if (data) return children;
  if (isError) {
    return (
      <Alert color="red" title="Не удалось загрузить форму заказа">
        <Stack gap="xs" align="flex-start">
          {error.message}
          <Button variant="default" size="sm" onClick={() => void refetch()}>
            Повторить
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <FormSkeleton />;
}

/** The form's place while its data or its code is on the way. */
export function FormSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Загружаем форму заказа">
      <Skeleton height={24} width="60%" />
      <Skeleton height={48} />
      <Skeleton height={48} />
      <Skeleton height={120} />
    </Stack>
  );
}
