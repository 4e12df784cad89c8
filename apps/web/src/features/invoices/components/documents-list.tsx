import { MESSAGES } from '@app/contracts';
import { Alert, Anchor, Button, Card, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatRub } from '@/lib/format';
import { showErrorToast } from '@/lib/notify';
import { DOCUMENT_KIND_LABELS, downloadDocument, useMyDocuments, type OrderDocument } from '../api/documents';

/** /cabinet/invoices: the invoices and acts generated so far, each downloadable again. */
export function DocumentsList() {
  const query = useMyDocuments();
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const documents = query.data?.items ?? [];

  const download = async (document: OrderDocument) => {
    setLoadingId(document.id);
    try {
      await downloadDocument(document);
    } catch (error) {
      showErrorToast(error);
    } finally {
      setLoadingId(null);
    }
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Счета и акты
      </Title>
      {query.isPending && query.fetchStatus !== 'paused' ? <Skeleton height={96} radius="md" /> : null}
      {query.isError ? (
        <Alert color="red" title={MESSAGES.documentsLoadFailed}>
          {query.error.message}
        </Alert>
      ) : null}
      {query.isSuccess && documents.length === 0 ? (
        <EmptyState
          icon={<IconFileInvoice size={32} aria-hidden />}
          withIndicatorBackground
          title="Документов пока нет"
          description="Счёт можно сформировать на странице заказа, акт — когда заказ выполнен."
        />
      ) : null}
      <Stack gap="sm" data-testid="documents-list">
        {documents.map((document) => (
          <Card key={document.id} withBorder radius="md" padding="md" data-testid="document-card">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} miw={0} style={{ overflowWrap: 'anywhere' }}>
                <Text fw={600}>
                  {DOCUMENT_KIND_LABELS[document.kind]} № {document.number}
                </Text>
                <Text size="sm">
                  к{' '}
                  <Anchor component={Link} to={`/cabinet/orders/${document.orderId}`}>
                    заказу №{document.orderNumber}
                  </Anchor>
                </Text>
                <Text size="sm" c="dimmed">
                  {formatDate(document.createdAt)} · {formatRub(document.amount)}
                </Text>
              </Stack>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={loadingId === document.id}
                onClick={() => void download(document)}
                aria-label={`Скачать ${DOCUMENT_KIND_LABELS[document.kind].toLowerCase()} № ${document.number}`}
                // The text beside it wraps; the button keeps its label whole on a phone.
                flex="none"
              >
                PDF
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
