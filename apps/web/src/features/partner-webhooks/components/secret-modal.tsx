import { Alert, Button, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

/** The signing secret, shown once (after creation or rotation): copy it now, it is never shown again. */
export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title="Секрет подписи" centered>
      <Stack gap="sm">
        <Alert color="orange" variant="light" title="Показывается один раз">
          Сохраните секрет сейчас: после закрытия окна его нельзя будет посмотреть — только выпустить новый.
        </Alert>
        <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid="webhook-secret">
          {secret}
        </Text>
        <Group justify="space-between" wrap="wrap">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Скопировано' : 'Копировать секрет'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Я сохранил секрет</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
