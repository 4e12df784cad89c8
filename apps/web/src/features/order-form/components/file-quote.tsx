import { Button, Group, Stack, Text } from '@mantine/core';
import { formatPages } from '@app/contracts';
import { formatRub } from '@/lib/format';
import type { FileQuoteView } from '../model/file-quote';

/**
 * The instant quote under the uploaded files: what each file counts as, the pages in all and, with a per-page
 * document in the catalogue, its price and a button that puts those pages into the order. Read out politely
 * when it changes (a file finished uploading).
 */
export function FileQuote({ quote, onApply }: { quote: FileQuoteView | null; onApply: () => void }) {
  if (!quote) return null;
  return (
    <Stack gap={4} role="region" aria-label="Оценка по файлам" aria-live="polite" data-testid="file-quote">
      <Text size="sm" fw={600}>
        {quote.pages > 0 ? `Оценка по файлам: ≈ ${formatPages(quote.pages)}` : 'Оценка по файлам'}
      </Text>
      <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
        {quote.lines.map((line, index) => (
          <li key={index}>
            <Text size="sm">{line}</Text>
          </li>
        ))}
      </ul>
      {quote.perPage ? (
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">
            {quote.perPage.name}: ≈ {formatRub(quote.perPage.total)}
          </Text>
          {quote.perPage.isApplied ? (
            <Text size="sm" c="green.9">
              Учтено в заказе
            </Text>
          ) : (
            <Button variant="light" size="compact-sm" onClick={onApply}>
              Посчитать как {formatPages(quote.perPage.quantity)}
            </Button>
          )}
        </Group>
      ) : null}
      <Text size="xs" c="gray.7">
        {quote.hasUncounted ? 'Часть файлов не удалось посчитать. ' : ''}Это предварительная оценка: менеджер
        проверит файлы и подтвердит цену до оплаты.
      </Text>
    </Stack>
  );
}
