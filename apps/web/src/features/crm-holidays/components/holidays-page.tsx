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
import { useState, type FormEvent } from 'react';
import { formatDate } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import { useDeleteHoliday, useHolidays, useSaveHoliday } from '../api/holidays';

function AddHolidayForm({ year }: { year: number }) {
  const save = useSaveHoliday();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [isWorkingDay, setWorkingDay] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!date || !name.trim()) return;
    save.mutate(
      { date, name: name.trim(), isWorkingDay },
      {
        onSuccess: () => {
          showSuccessToast('День добавлен');
          setDate('');
          setName('');
          setWorkingDay(false);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Добавить день">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label="Дата"
          required
          value={date}
          min={`${year}-01-01`}
          onChange={(event) => setDate(event.currentTarget.value)}
        />
        <TextInput
          label="Название"
          required
          value={name}
          maxLength={200}
          onChange={(event) => setName(event.currentTarget.value)}
          w={280}
        />
        <Checkbox
          label="Рабочий день (перенос)"
          checked={isWorkingDay}
          onChange={(event) => setWorkingDay(event.currentTarget.checked)}
          mb={8}
        />
        <Button type="submit" loading={save.isPending}>
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
        <AddHolidayForm year={year} />
      </Card>
      {holidays.isPending ? (
        <Loader aria-label="Загрузка" />
      ) : holidays.isError ? (
        <Alert color="red">Не удалось загрузить календарь</Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed">В {year} году дней пока нет</Text>
      ) : (
        <Table data-testid="holidays-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Дата</Table.Th>
              <Table.Th>Название</Table.Th>
              <Table.Th>Тип</Table.Th>
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
                    loading={remove.isPending && remove.variables === holiday.date}
                    onClick={() =>
                      remove.mutate(holiday.date, { onSuccess: () => showSuccessToast('День удалён') })
                    }
                  >
                    Удалить
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
