import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { HolidaySchema, type Holiday } from '@app/contracts';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { formatDate } from '@/lib/format';
import { validateWithSchema } from '@/lib/forms';
import { showSuccessToast } from '@/lib/notify';
import { useDeleteHoliday, useHolidays, useSaveHoliday } from '../api/holidays';

function AddHolidayForm({ onAdded }: { onAdded: (holiday: Holiday) => void }) {
  const save = useSaveHoliday();
  const form = useForm<Holiday>({
    mode: 'controlled',
    initialValues: { date: '', name: '', isWorkingDay: false },
    // The server's schema: the same Russian message next to the field as the API would answer.
    validate: validateWithSchema(HolidaySchema),
  });
  const submit = form.onSubmit((values) => {
    const holiday = { ...values, name: values.name.trim() };
    save.mutate(holiday, {
      onSuccess: () => {
        showSuccessToast('День добавлен');
        form.reset();
        onAdded(holiday);
      },
    });
  });
  return (
    <form onSubmit={submit} aria-label="Добавить день" noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput type="date" label="Дата" withAsterisk {...form.getInputProps('date')} />
        <TextInput
          label="Название"
          withAsterisk
          maxLength={200}
          w={280}
          maw="100%"
          {...form.getInputProps('name')}
        />
        <Checkbox
          label="Рабочий день (перенос)"
          mt={{ base: 0, sm: 34 }}
          {...form.getInputProps('isWorkingDay', { type: 'checkbox' })}
        />
        <Button type="submit" loading={save.isPending} mt={{ base: 0, sm: 25 }}>
          Добавить
        </Button>
      </Group>
    </form>
  );
}

/** /crm/holidays: the work calendar of a year (days off and working weekends). */
export function HolidaysPage() {
  const [year, setYear] = useState(() => new Date().getFullYear());
  const holidays = useHolidays(year);
  const remove = useDeleteHoliday();
  const [toDelete, setToDelete] = useState<Holiday | null>(null);
  const items = holidays.data?.items ?? [];

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Праздничные дни
      </Title>
      <Group gap="xs">
        <ActionIcon variant="default" aria-label="Предыдущий год" onClick={() => setYear(year - 1)}>
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Text fw={600} data-testid="holidays-year">
          {year}
        </Text>
        <ActionIcon variant="default" aria-label="Следующий год" onClick={() => setYear(year + 1)}>
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
      <Card withBorder>
        {/* The list follows the added day, so it is seen at once even in another year. */}
        <AddHolidayForm onAdded={(holiday) => setYear(Number(holiday.date.slice(0, 4)))} />
      </Card>
      {holidays.isPending ? (
        <Loader aria-label="Загрузка" />
      ) : holidays.isError ? (
        <Alert color="red">Не удалось загрузить календарь</Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed">В {year} году дней пока нет</Text>
      ) : (
        <Table.ScrollContainer minWidth={460}>
          <Table data-testid="holidays-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Дата</Table.Th>
                <Table.Th>Название</Table.Th>
                {/* Wide enough for 'Выходной': a badge would otherwise shrink to its first letter. */}
                <Table.Th miw={120}>Тип</Table.Th>
                <Table.Th aria-label="Действия" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((holiday) => (
                <Table.Tr key={holiday.date}>
                  <Table.Td>{formatDate(holiday.date)}</Table.Td>
                  <Table.Td>{holiday.name}</Table.Td>
                  <Table.Td>
                    {holiday.isWorkingDay ? (
                      <Badge color="blue" variant="light">
                        Рабочий
                      </Badge>
                    ) : (
                      <Badge color="red" variant="light">
                        Выходной
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Удалить ${formatDate(holiday.date)}`}
                      onClick={() => setToDelete(holiday)}
                    >
                      Удалить
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmModal
        opened={toDelete !== null}
        title="Удалить день?"
        message={
          toDelete
            ? `${formatDate(toDelete.date)} «${toDelete.name}» больше не будет учитываться в сроке готовности заказов.`
            : ''
        }
        confirmLabel="Удалить"
        onConfirm={async () => {
          if (!toDelete) return;
          await remove.mutateAsync(toDelete.date);
          showSuccessToast('День удалён');
        }}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
