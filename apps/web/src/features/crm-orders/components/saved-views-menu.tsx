import { ActionIcon, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormActions } from '@/components/admin-list';
import { showSuccessToast } from '@/lib/notify';
import { useDeleteSavedView, useSavedViews, useSaveView } from '../api/saved-views';

/**
 * Saved views of the order list: the current filters (the URL query) saved under a name on the server, per user;
 * choosing one applies it at once; the chosen one can be deleted.
 */
export function SavedViewsMenu({
  query,
  onApply,
}: {
  query: Record<string, string>;
  onApply: (query: Record<string, string>) => void;
}) {
  const views = useSavedViews();
  const save = useSaveView();
  const remove = useDeleteSavedView();
  const [chosen, setChosen] = useState<string | null>(null);
  const [isNaming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const items = views.data?.items ?? [];
  const current = items.find((view) => view.id === chosen) ?? null;

  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label="Сохранённые виды"
        placeholder={items.length > 0 ? 'Выберите вид' : 'Видов пока нет'}
        data={items.map((view) => ({ value: view.id, label: view.name }))}
        value={chosen}
        onChange={(id) => {
          setChosen(id);
          const view = items.find((item) => item.id === id);
          if (view) onApply(view.query);
        }}
        w={240}
        clearable
      />
      {current ? (
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={`Удалить вид «${current.name}»`}
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(current.id, {
              onSuccess: () => {
                setChosen(null);
                showSuccessToast('Вид удалён');
              },
            })
          }
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      ) : null}
      <Button variant="default" onClick={() => setNaming(true)}>
        Сохранить вид
      </Button>
      <Modal opened={isNaming} onClose={() => setNaming(false)} title="Сохранить текущие фильтры" centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(
              { name: name.trim(), query },
              {
                onSuccess: (view) => {
                  setChosen(view.id);
                  setName('');
                  setNaming(false);
                  showSuccessToast('Вид сохранён');
                },
              },
            );
          }}
        >
          <Stack>
            <TextInput
              label="Название"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={60}
              required
              data-autofocus
            />
            <FormActions onCancel={() => setNaming(false)} isSaving={save.isPending} />
          </Stack>
        </form>
      </Modal>
    </Group>
  );
}
