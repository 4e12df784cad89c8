import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { RuDateInput } from '@/components/ru-date-input';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { HolidaySchema, type Holiday } from '@app/contracts';
import { useForm } from '@mantine/form';
import { AdminPageHeader, AdminList, RowActions, useConfirmAction } from '@/components/admin-list';
import { formatDate } from '@/lib/format';
import { validateWithSchema } from '@/lib/forms';
import { showSuccessToast } from '@/lib/notify';
import { useUrlFilters, type UrlFiltersCodec } from '@/lib/use-url-filters';
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
        <RuDateInput
          label="Дата"
          withAsterisk
          {...form.getInputProps('date')}
          value={form.values.date || null}
          onChange={(date) => form.setFieldValue('date', date ?? '')}
        />
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

const HOLIDAY_COLUMNS = [
  { label: 'Дата' },
  { label: 'Название' },
  // Wide enough for 'Выходной': a badge would otherwise shrink to its first letter.
  { label: 'Тип', miw: 120 },
] as const;

/** The shown year is the list's filter, kept in the URL (`?year=2027`); the current year without one. */
const YEAR_FILTER: UrlFiltersCodec<{ year: number }> = {
  parse: (params) => {
    const year = params.get('year') ?? '';
    return { year: /^\d{4}$/.test(year) ? Number(year) : new Date().getFullYear() };
  },
  toQuery: ({ year }) => ({ year: String(year) }),
};

/** /crm/holidays: the work calendar of a year (days off and working weekends). */
export function HolidaysPage() {
  const [{ year }, setFilters] = useUrlFilters(YEAR_FILTER);
  const setYear = (next: number) => setFilters({ year: next });
  const holidays = useHolidays(year);
  const remove = useDeleteHoliday();
  const confirmDelete = useConfirmAction<Holiday>({
    title: 'Удалить день?',
    message: (holiday) =>
      `${formatDate(holiday.date)} «${holiday.name}» больше не будет учитываться в сроке готовности заказов.`,
    onConfirm: async (holiday) => {
      await remove.mutateAsync(holiday.date);
      showSuccessToast('День удалён');
    },
  });

  return (
    <Stack gap="lg">
      <AdminPageHeader title="Праздничные дни" />
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
      <AdminList
        query={holidays}
        items={holidays.data?.items ?? []}
        errorText="Не удалось загрузить календарь"
        emptyText={`В ${year} году дней пока нет`}
        testId="holidays-table"
        minWidth={460}
        columns={HOLIDAY_COLUMNS}
        hasActions
        renderRow={(holiday) => (
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
              <RowActions
                justify="flex-start"
                deleteLabel={`Удалить ${formatDate(holiday.date)}`}
                onDelete={() => confirmDelete.ask(holiday)}
              />
            </Table.Td>
          </Table.Tr>
        )}
      />
      {confirmDelete.modal}
    </Stack>
  );
}
