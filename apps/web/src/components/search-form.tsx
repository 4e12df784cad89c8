import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';

/**
 * A list's search box: typing changes nothing until «Найти» (or Enter) hands the trimmed text to `onSearch`.
 * Give it `key={current}` so it follows a search set from outside (the URL).
 */
export function SearchForm({
  formLabel,
  placeholder,
  initial,
  onSearch,
}: {
  formLabel: string;
  placeholder: string;
  initial: string;
  onSearch: (search: string) => void;
}) {
  const form = useForm<{ search: string }>({ mode: 'controlled', initialValues: { search: initial } });
  const submit = form.onSubmit(({ search }) => onSearch(search.trim()));
  return (
    <form onSubmit={submit} role="search" aria-label={formLabel}>
      <Group align="flex-end" gap="xs">
        <TextInput label="Поиск" placeholder={placeholder} {...form.getInputProps('search')} w={280} />
        <Button type="submit" variant="light">
          Найти
        </Button>
      </Group>
    </form>
  );
}
