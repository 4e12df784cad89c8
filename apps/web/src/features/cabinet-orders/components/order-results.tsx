import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { showErrorToast } from '@/lib/notify';
import { downloadOrderResult, useOrderResults } from '../api/order-results';

/** «Готовый перевод»: the files staff sent for this order (decision 038); nothing until there are some. */
export function OrderResults({ orderId }: { orderId: string }) {
  const query = useOrderResults(orderId);
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;
  const download = async (file: { id: string; name: string }) => {
    setLoadingId(file.id);
    try {
      await downloadOrderResult(orderId, file);
    } catch (error) {
      showErrorToast(error);
    } finally {
      setLoadingId(null);
    }
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="order-results">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Готовый перевод
        </Title>
        {items.map((file) => (
          <Group key={file.id} justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {file.name}{' '}
                <Text span c="gray.7" size="xs">
                  ({formatFileSize(file.size)})
                </Text>
              </Text>
              {file.sentAt ? (
                <Text size="xs" c="gray.7">
                  Отправлен {formatDateTime(file.sentAt)}
                </Text>
              ) : null}
            </Stack>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={loadingId === file.id}
              onClick={() => void download(file)}
              aria-label={`Скачать ${file.name}`}
            >
              Скачать
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
