import {
  PartnerProgramSettingsSchema,
  type PartnerProgramSettings,
  type PartnerProgramSettingsResponse,
} from '@app/contracts';
import { Button, Card, Group, NumberInput, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { saveCallbacks, useValidatedForm } from '@/lib/form-submit';
import { numberOrNull, validateWithSchema, type NumberField } from '@/lib/forms';
import { formatDateTime } from '@/lib/format';
import { usePartnerProgramSettings, useSavePartnerProgramSettings } from '../api/partner-program';

type SettingsValues = Record<
  keyof Omit<PartnerProgramSettings, 'minPayoutKopecks'> | 'minPayoutRub',
  NumberField
>;

const toValues = (settings: PartnerProgramSettingsResponse): SettingsValues => ({
  commissionAffiliatePercent: settings.commissionAffiliatePercent,
  commissionCorporatePercent: settings.commissionCorporatePercent,
  commissionIntegratorPercent: settings.commissionIntegratorPercent,
  holdDays: settings.holdDays,
  minPayoutRub: settings.minPayoutKopecks / 100,
  attributionWindowDays: settings.attributionWindowDays,
  maxPromoDiscountPercent: settings.maxPromoDiscountPercent,
});

/** The form's rubles become kopecks for the API (money is integer kopecks; decision 059). */
export function toSettingsRequest(
  values: SettingsValues,
): Record<keyof PartnerProgramSettings, number | null> {
  const rub = numberOrNull(values.minPayoutRub);
  return {
    commissionAffiliatePercent: numberOrNull(values.commissionAffiliatePercent),
    commissionCorporatePercent: numberOrNull(values.commissionCorporatePercent),
    commissionIntegratorPercent: numberOrNull(values.commissionIntegratorPercent),
    holdDays: numberOrNull(values.holdDays),
    minPayoutKopecks: rub === null ? null : Math.round(rub * 100),
    attributionWindowDays: numberOrNull(values.attributionWindowDays),
    maxPromoDiscountPercent: numberOrNull(values.maxPromoDiscountPercent),
  };
}

const validateSchema = validateWithSchema(PartnerProgramSettingsSchema);
function validate(values: SettingsValues): Record<string, string> {
  const errors = validateSchema(toSettingsRequest(values));
  if (errors.minPayoutKopecks) errors.minPayoutRub = errors.minPayoutKopecks;
  return errors;
}

function SettingsForm({ settings }: { settings: PartnerProgramSettingsResponse }) {
  const save = useSavePartnerProgramSettings();
  const form = useValidatedForm<SettingsValues>(toValues(settings), validate);
  const submit = form.onSubmit((values) =>
    save.mutate(
      toSettingsRequest(values) as PartnerProgramSettings,
      saveCallbacks(form, 'Настройки сохранены', (saved: PartnerProgramSettingsResponse) => {
        form.setInitialValues(toValues(saved));
        form.setValues(toValues(saved));
      }),
    ),
  );
  const percent = { min: 0, max: 50, decimalScale: 2, suffix: ' %', decimalSeparator: ',' } as const;
  return (
    <form onSubmit={submit} noValidate aria-label="Настройки программы">
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          Комиссия по умолчанию
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NumberInput label="Аффилиаты" {...percent} {...form.getInputProps('commissionAffiliatePercent')} />
          <NumberInput
            label="Корпоративные рекомендации"
            {...percent}
            {...form.getInputProps('commissionCorporatePercent')}
          />
          <NumberInput
            label="Интеграторы"
            {...percent}
            {...form.getInputProps('commissionIntegratorPercent')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label="Холд, дней после выполнения заказа"
            min={0}
            max={365}
            allowDecimal={false}
            {...form.getInputProps('holdDays')}
          />
          <NumberInput
            label="Минимальная выплата, ₽"
            min={0}
            max={1_000_000}
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator=" "
            {...form.getInputProps('minPayoutRub')}
          />
          <NumberInput
            label="Окно атрибуции ссылок, дней"
            min={1}
            max={365}
            allowDecimal={false}
            {...form.getInputProps('attributionWindowDays')}
          />
          <NumberInput
            label="Максимальная скидка по промокоду партнёра"
            min={0}
            max={50}
            allowDecimal={false}
            suffix=" %"
            {...form.getInputProps('maxPromoDiscountPercent')}
          />
        </SimpleGrid>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {`Изменено ${formatDateTime(settings.updatedAt)}`}
          </Text>
          <Button type="submit" loading={save.isPending}>
            Сохранить
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The programme's settings card on /crm/partner-program. */
export function ProgrammeSettings() {
  const settings = usePartnerProgramSettings();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Настройки программы">
      <Title order={2} size="h4" mb="sm">
        Настройки программы
      </Title>
      {settings.isPending ? (
        <Skeleton h={220} aria-label="Загрузка настроек" />
      ) : settings.isError ? (
        <LoadError title="Не удалось загрузить настройки" query={settings} />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </Card>
  );
}
