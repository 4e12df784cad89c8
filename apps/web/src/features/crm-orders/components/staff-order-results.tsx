import { ORDER_STATUS_LABELS, type DeliveryType, type OrderResult } from '@app/contracts';
import { ActionIcon, Anchor, Badge, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconSend, IconTrash } from '@tabler/icons-react';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import {
  downloadStaffOrderResult,
  useAttachOrderResults,
  useRemoveOrderResult,
  useSendOrderResults,
  useStaffOrderResults,
} from '../api/order-results';

const ACCEPT = '.pdf,.jpg,.jpeg,.png,.heic,.doc,.docx,.rtf,.odt,.tif,.tiff';

function ResultRow({ orderId, file }: { orderId: string; file: OrderResult }) {
  const remove = useRemoveOrderResult(orderId);
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" data-testid="staff-order-result">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor
          component="button"
          type="button"
          ta="left"
          style={{ overflowWrap: 'anywhere' }}
          onClick={() => void downloadStaffOrderResult(orderId, file).catch(showErrorToast)}
        >
          {file.name}
        </Anchor>
        <Text size="xs" c="gray.7">
          {formatFileSize(file.size)} ·{' '}
          {file.sentAt ? `отправлен ${formatDateTime(file.sentAt)}` : 'клиент ещё не видит'}
        </Text>
      </Stack>
      {file.sentAt ? (
        <Badge color="teal" variant="light">
          Отправлен
        </Badge>
      ) : (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Удалить ${file.name}`}
          loading={remove.isPending}
          onClick={() => remove.mutate(file.id, { onError: showErrorToast })}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}

/**
 * The finished work for the customer (decision 038): attach files, remove a wrong one before it is sent, and
 * «Отправить клиенту» (mail + push; an electronic order becomes «Выполнен»).
 */
export function StaffOrderResults({
  orderId,
  deliveryType,
}: {
  orderId: string;
  deliveryType: DeliveryType;
}) {
  const results = useStaffOrderResults(orderId);
  const attach = useAttachOrderResults(orderId);
  const send = useSendOrderResults(orderId);
  const items = results.data?.items ?? [];
  const unsent = items.filter((item) => !item.sentAt).length;
  const onFiles = (files: File[]) => {
    if (files.length === 0) return;
    attach.mutate(files, { onError: showErrorToast });
  };
  return (
    <Stack gap="sm" data-testid="staff-order-results">
      {items.length === 0 ? (
        <Text c="gray.7" size="sm">
          Файлов результата нет
        </Text>
      ) : (
        items.map((file) => <ResultRow key={file.id} orderId={orderId} file={file} />)
      )}
      <Group gap="sm">
        <FileButton onChange={onFiles} accept={ACCEPT} multiple>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPaperclip size={16} aria-hidden />}
              loading={attach.isPending}
            >
              Прикрепить файлы
            </Button>
          )}
        </FileButton>
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          disabled={unsent === 0}
          loading={send.isPending}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: (answer) =>
                showSuccessToast(
                  `Отправлено клиенту файлов: ${answer.sent}. Статус заказа: ${ORDER_STATUS_LABELS[answer.status]}`,
                ),
              onError: showErrorToast,
            })
          }
        >
          Отправить клиенту
        </Button>
      </Group>
      {deliveryType === 'ELECTRONIC' ? (
        <Text size="xs" c="gray.7">
          Электронный заказ после отправки станет выполненным.
        </Text>
      ) : null}
    </Stack>
  );
}
