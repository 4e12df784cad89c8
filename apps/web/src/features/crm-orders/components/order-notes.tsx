import { LoadError } from '@/components/load-error';
import { CreateOrderNoteRequestSchema, ORDER_NOTE_MAX_LENGTH, type OrderNote } from '@app/contracts';
import { Button, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { KeyboardEvent } from 'react';
import { useConfirmAction } from '@/components/admin-list';
import { formatDateTime } from '@/lib/format';
import { validateWithSchema } from '@/lib/forms';
import { showSuccessToast } from '@/lib/notify';
import { useAddOrderNote, useDeleteOrderNote, useOrderNotes } from '../api/order-notes';

function authorText(note: OrderNote): string {
  if (!note.author) return 'Удалённый пользователь';
  return note.author.name ?? note.author.email ?? 'Сотрудник';
}

function NoteForm({ orderId }: { orderId: string }) {
  const add = useAddOrderNote(orderId);
  const form = useForm<{ text: string }>({
    mode: 'controlled',
    initialValues: { text: '' },
    // The server's own schema: the same rule and the same Russian message on both sides.
    validate: validateWithSchema(CreateOrderNoteRequestSchema),
  });
  const text = form.values.text;

  const submit = form.onSubmit((values) => {
    if (add.isPending) return;
    add.mutate(CreateOrderNoteRequestSchema.parse(values).text, {
      onSuccess: () => {
        form.reset();
        showSuccessToast('Заметка добавлена');
      },
    });
  });

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
          {...form.getInputProps('text')}
          onKeyDown={submitOnCtrlEnter}
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
  const confirmDelete = useConfirmAction<OrderNote>({
    title: 'Удалить заметку?',
    message: (note) => (
      <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap' }}>
        {note.text}
      </Text>
    ),
    onConfirm: async (note) => {
      await remove.mutateAsync(note.id);
      showSuccessToast('Заметка удалена');
    },
  });
  const items = notes.data?.items ?? [];

  return (
    <Stack gap="md">
      <NoteForm orderId={orderId} />
      {notes.isPending ? (
        <Loader size="sm" aria-label="Загрузка заметок" />
      ) : notes.isError ? (
        <LoadError title="Не удалось загрузить заметки" query={notes} />
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
                    onClick={() => confirmDelete.ask(note)}
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
      {confirmDelete.modal}
    </Stack>
  );
}
