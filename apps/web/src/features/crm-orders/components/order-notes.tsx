import { CreateOrderNoteRequestSchema, ORDER_NOTE_MAX_LENGTH, type OrderNote } from '@app/contracts';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { formatDateTime } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import { useAddOrderNote, useDeleteOrderNote, useOrderNotes } from '../api/order-notes';
import { ConfirmModal } from '@/components/confirm-modal';

function authorText(note: OrderNote): string {
  if (!note.author) return 'Удалённый пользователь';
  return note.author.name ?? note.author.email ?? 'Сотрудник';
}

function NoteForm({ orderId }: { orderId: string }) {
  const add = useAddOrderNote(orderId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (add.isPending) return;
    // The server's own schema: the same rule and the same Russian message on both sides.
    const parsed = CreateOrderNoteRequestSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    add.mutate(parsed.data.text, {
      onSuccess: () => {
        setText('');
        showSuccessToast('Заметка добавлена');
      },
    });
  };

  const submitOnCtrlEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} aria-label="Новая заметка">
      <Stack gap="xs">
        <Textarea
          label="Новая заметка"
          description="Видна только сотрудникам. Ctrl+Enter — сохранить"
          placeholder="Например: клиент просил перезвонить после 18:00"
          rows={3}
          resize="vertical"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (error) setError(null);
          }}
          onKeyDown={submitOnCtrlEnter}
          error={error}
        />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c={text.length > ORDER_NOTE_MAX_LENGTH ? 'red.8' : 'dimmed'}>
            {text.length} / {ORDER_NOTE_MAX_LENGTH}
          </Text>
          <Button type="submit" size="sm" loading={add.isPending}>
            Добавить заметку
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Internal notes of an order for ADMIN and MANAGER: newest first, add with Ctrl+Enter, delete one's own. */
export function OrderNotes({ orderId }: { orderId: string }) {
  const notes = useOrderNotes(orderId);
  const remove = useDeleteOrderNote(orderId);
  const [toDelete, setToDelete] = useState<OrderNote | null>(null);
  const items = notes.data?.items ?? [];

  return (
    <Stack gap="md">
      <NoteForm orderId={orderId} />
      {notes.isPending ? (
        <Loader size="sm" aria-label="Загрузка заметок" />
      ) : notes.isError ? (
        <Alert color="red">Не удалось загрузить заметки</Alert>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Заметок пока нет
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Заметки">
          {items.map((note) => (
            <Paper key={note.id} component="li" withBorder p="sm" radius="sm" data-testid="order-note">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Text size="xs" c="dimmed" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Text span size="xs" fw={600} c="dark">
                    {authorText(note)}
                  </Text>
                  {note.author?.name && note.author.email ? ` · ${note.author.email}` : ''}
                  {' · '}
                  <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
                </Text>
                {note.canDelete ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    style={{ flexShrink: 0 }}
                    onClick={() => setToDelete(note)}
                    aria-label={`Удалить заметку от ${formatDateTime(note.createdAt)}`}
                  >
                    Удалить
                  </Button>
                ) : null}
              </Group>
              <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {note.text}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={toDelete !== null}
        title="Удалить заметку?"
        message={
          <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap' }}>
            {toDelete?.text}
          </Text>
        }
        confirmLabel="Удалить"
        onConfirm={async () => {
          if (!toDelete) return;
          await remove.mutateAsync(toDelete.id);
          showSuccessToast('Заметка удалена');
        }}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
