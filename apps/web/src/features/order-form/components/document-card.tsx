import type { Assurance, DocumentType } from '@app/contracts';
import { ORDER_LIMITS } from '@app/contracts';
import { ActionIcon, Card, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { formatRub } from '@/lib/format';

type Props = {
  document: DocumentType;
  /** Price of one copy under the language pair's tariff (the live summary's line; else the catalogue price). */
  unitPrice: number;
  /** The tariff that priced it, if any. */
  tariffName: string | null;
  quantity: number;
  assurances: Assurance[];
  selectedAssuranceIds: readonly string[];
  error?: string;
  onQuantityChange: (quantity: number) => void;
  onToggleAssurance: (assuranceId: string, isChecked: boolean) => void;
  onRemove: () => void;
};

const clampQuantity = (value: number) =>
  Math.min(ORDER_LIMITS.maxQuantity, Math.max(1, Math.round(Number.isFinite(value) ? value : 1)));

/** A chosen document: its price under the language pair's tariff, quantity stepper (1–100), assurances, remove. */
export function DocumentCard(props: Props) {
  const { document, quantity, tariffName } = props;
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid="document-card"
      aria-label={document.name}
      component="section"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={600}>{document.name}</Text>
          <Text size="sm" c="gray.7" data-testid="document-unit-price">
            {formatRub(props.unitPrice)} за документ
          </Text>
          {tariffName ? (
            <Text size="xs" c="gray.7" data-testid="document-tariff">
              Тариф «{tariffName}»
            </Text>
          ) : null}
        </div>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={props.onRemove}
          aria-label={`Убрать документ «${document.name}»`}
        >
          <span aria-hidden>✕</span>
        </ActionIcon>
      </Group>
      <Group gap={6} mt="sm" wrap="nowrap" align="center">
        <Text size="sm" mr="xs" id={`quantity-label-${document.id}`}>
          Количество
        </Text>
        <ActionIcon
          variant="default"
          size={40}
          onClick={() => props.onQuantityChange(clampQuantity(quantity - 1))}
          disabled={quantity <= 1}
          aria-label={`Уменьшить количество: ${document.name}`}
        >
          <span aria-hidden>−</span>
        </ActionIcon>
        {/* A plain numeric field: NumberInput would add react-number-format to the first step's bundle. */}
        <TextInput
          aria-label={`Количество: ${document.name}`}
          value={String(quantity)}
          onChange={(event) => {
            const digits = event.currentTarget.value.replace(/\D/g, '');
            if (digits) props.onQuantityChange(clampQuantity(Number(digits)));
          }}
          inputMode="numeric"
          w={64}
          styles={{ input: { textAlign: 'center', height: 40 } }}
        />
        <ActionIcon
          variant="default"
          size={40}
          onClick={() => props.onQuantityChange(clampQuantity(quantity + 1))}
          disabled={quantity >= ORDER_LIMITS.maxQuantity}
          aria-label={`Увеличить количество: ${document.name}`}
        >
          <span aria-hidden>+</span>
        </ActionIcon>
      </Group>
      {props.error ? (
        <Text size="sm" c="red.9" mt={4} role="alert">
          {props.error}
        </Text>
      ) : null}
      {props.assurances.length > 0 ? (
        <Stack gap={8} mt="sm">
          <Text size="sm" c="gray.7">
            Заверение (за каждый экземпляр)
          </Text>
          {props.assurances.map((assurance) => (
            <Checkbox
              key={assurance.id}
              label={`${assurance.name} +${formatRub(assurance.price)}`}
              checked={props.selectedAssuranceIds.includes(assurance.id)}
              onChange={(event) => props.onToggleAssurance(assurance.id, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      ) : null}
    </Card>
  );
}
