import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { ApiKeyCreateResponse } from '@app/contracts';

/**
 * The whole key, shown this once (decision 070): the server keeps only its hash, so closing the window is the
 * last time anyone sees it. The page drops the value from its state on close.
 */
export function KeyCreatedModal({
  created,
  onClose,
}: {
  created: ApiKeyCreateResponse | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title="Ключ создан"
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      {created ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light" title="Скопируйте ключ сейчас">
            Полный ключ показывается только один раз. Мы храним лишь его хеш и не сможем показать ключ снова —
            если он потеряется, отзовите его и создайте новый.
          </Alert>
          <Text size="sm">Ключ «{created.key.name}»</Text>
          <Code block data-testid="api-key-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {created.secret}
          </Code>
          <Group justify="space-between" wrap="wrap">
            <CopyButton value={created.secret}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Скопировано' : 'Копировать ключ'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Я сохранил ключ</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
