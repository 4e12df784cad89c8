import { MESSAGES, type OrderStatus } from '@app/contracts';
import { Button } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { showSuccessToast } from '@/lib/notify';
import { useGenerateDocument } from '../api/documents';

/**
 * 'Сформировать счёт' for any order that is not cancelled, and 'Сформировать акт' once it is completed: the
 * customer's cabinet, and the CRM order page (`area="crm"`), where the same buttons open the order's documents.
 */
export function OrderDocumentActions({
  orderId,
  status,
  area = 'cabinet',
}: {
  orderId: string;
  status: OrderStatus;
  area?: 'cabinet' | 'crm';
}) {
  const generate = useGenerateDocument(orderId, area);
  const run = (kind: 'invoice' | 'act') =>
    generate.mutate(kind, {
      onSuccess: () =>
        showSuccessToast(kind === 'invoice' ? MESSAGES.invoiceGenerated : MESSAGES.actGenerated),
    });
  const isBusy = (kind: 'invoice' | 'act') => generate.isPending && generate.variables === kind;
  return (
    <>
      {status !== 'CANCELED' ? (
        <Button
          variant="default"
          leftSection={<IconFileInvoice size={18} aria-hidden />}
          onClick={() => run('invoice')}
          loading={isBusy('invoice')}
          disabled={generate.isPending}
        >
          Сформировать счёт
        </Button>
      ) : null}
      {status === 'COMPLETED' ? (
        <Button
          variant="default"
          leftSection={<IconFileInvoice size={18} aria-hidden />}
          onClick={() => run('act')}
          loading={isBusy('act')}
          disabled={generate.isPending}
        >
          Сформировать акт
        </Button>
      ) : null}
    </>
  );
}
