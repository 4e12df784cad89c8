import { Autocomplete, TextInput } from '@mantine/core';
import { useAddressSuggestions, useSuggestionsEnabled } from '../api/suggestions';

type Props = { value: string; onChange: (value: string) => void; error?: string };

const LABEL = 'Адрес';
const PLACEHOLDER = 'Город, улица, дом';

/**
 * The courier address: with a suggestions provider an autocomplete offering up to five addresses for what has
 * been typed (the server's, not filtered again here); without one a plain field (decision 039).
 */
export function CourierAddressField({ value, onChange, error }: Props) {
  const isEnabled = useSuggestionsEnabled();
  const suggestions = useAddressSuggestions(isEnabled ? value : '');
  if (!isEnabled) {
    return (
      <TextInput
        label={LABEL}
        placeholder={PLACEHOLDER}
        autoComplete="street-address"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        size="md"
        required
      />
    );
  }
  const options = [...new Set((suggestions.data?.items ?? []).map((item) => item.value))];
  return (
    <Autocomplete
      label={LABEL}
      placeholder={PLACEHOLDER}
      description="Начните вводить — предложим адреса"
      autoComplete="off"
      value={value}
      onChange={onChange}
      data={value.trim().length >= 3 ? options : []}
      filter={({ options: all }) => all}
      error={error}
      size="md"
      required
    />
  );
}
