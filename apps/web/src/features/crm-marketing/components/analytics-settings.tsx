import {
  ATTRIBUTION_MODEL_LABELS,
  ATTRIBUTION_MODELS,
  AnalyticsConfigSchema,
  MARKETING_MESSAGES,
  type AnalyticsConfig,
} from '@app/contracts';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconSettings, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { saveCallbacks, setServerFieldErrors, useValidatedForm } from '@/lib/form-submit';
import { numberOrNull, trimmedOrNull, validateWithSchema, type NumberField } from '@/lib/forms';
import { useCrmRole } from '@/lib/session/use-crm-role';
import { useAnalyticsConfig, useSaveAnalyticsConfig } from '../api/analytics-config';

type RuleValues = { eventType: string; eventAction: string; points: NumberField; decayDays: NumberField };
type SettingsValues = {
  attributionWindowHours: NumberField;
  defaultAttributionModel: string;
  timeDecayHalfLifeHours: NumberField;
  hotLeadThreshold: NumberField;
  retentionDays: NumberField;
  /** One range / e-mail a line. */
  internalIpRanges: string;
  testEmails: string;
  yandexMetricaId: string;
  ga4MeasurementId: string;
  leadScoreRules: RuleValues[];
};

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function toValues(config: AnalyticsConfig): SettingsValues {
  return {
    attributionWindowHours: config.attributionWindowHours,
    defaultAttributionModel: config.defaultAttributionModel,
    timeDecayHalfLifeHours: config.timeDecayHalfLifeHours,
    hotLeadThreshold: config.hotLeadThreshold,
    retentionDays: config.retentionDays,
    internalIpRanges: config.internalIpRanges.join('\n'),
    testEmails: config.testEmails.join('\n'),
    yandexMetricaId: config.yandexMetricaId ?? '',
    ga4MeasurementId: config.ga4MeasurementId ?? '',
    leadScoreRules: config.leadScoreRules.map((rule) => ({
      eventType: rule.eventType,
      eventAction: rule.eventAction ?? '',
      points: rule.points,
      decayDays: rule.decayDays,
    })),
  };
}

/** The request the form's values make (validated by the contract as is: the server gets the same object). */
export function toConfigRequest(values: SettingsValues): Record<keyof AnalyticsConfig, unknown> {
  return {
    attributionWindowHours: numberOrNull(values.attributionWindowHours),
    defaultAttributionModel: values.defaultAttributionModel,
    timeDecayHalfLifeHours: numberOrNull(values.timeDecayHalfLifeHours),
    hotLeadThreshold: numberOrNull(values.hotLeadThreshold),
    retentionDays: numberOrNull(values.retentionDays),
    internalIpRanges: lines(values.internalIpRanges),
    testEmails: lines(values.testEmails),
    yandexMetricaId: trimmedOrNull(values.yandexMetricaId),
    ga4MeasurementId: trimmedOrNull(values.ga4MeasurementId),
    leadScoreRules: values.leadScoreRules.map((rule) => ({
      eventType: rule.eventType.trim(),
      eventAction: trimmedOrNull(rule.eventAction),
      points: numberOrNull(rule.points),
      decayDays: numberOrNull(rule.decayDays),
    })),
  };
}

/** A list's message goes to its one text area (`internalIpRanges.2` → `internalIpRanges`). */
function fieldOf(path: string): string {
  const parts = path.replace(/^body\./, '').split('.');
  return parts[0] === 'leadScoreRules' ? parts.join('.') : parts[0]!;
}

const validateSchema = validateWithSchema(AnalyticsConfigSchema);
function validate(values: SettingsValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(validateSchema(toConfigRequest(values)))) {
    errors[fieldOf(path)] ??= message;
  }
  return errors;
}

const MODEL_OPTIONS = ATTRIBUTION_MODELS.map((model) => ({
  value: model,
  label: ATTRIBUTION_MODEL_LABELS[model],
}));

function SettingsForm({ config, onDone }: { config: AnalyticsConfig; onDone: () => void }) {
  const save = useSaveAnalyticsConfig();
  const form = useValidatedForm<SettingsValues>(toValues(config), validate);
  const submit = form.onSubmit((values) =>
    save.mutate(toConfigRequest(values) as AnalyticsConfig, {
      ...saveCallbacks(form, MARKETING_MESSAGES.analyticsConfigSaved, onDone),
      // Server messages next to their fields, a list's on its text area.
      onError: (error: unknown) => setServerFieldErrors(form, error, fieldOf),
    }),
  );
  const hours = { min: 1, max: 24 * 366, allowDecimal: false, thousandSeparator: ' ' } as const;
  return (
    <form onSubmit={submit} noValidate aria-label="Настройки аналитики">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label="Окно атрибуции, часов"
            description="По умолчанию 720 (30 дней)"
            {...hours}
            {...form.getInputProps('attributionWindowHours')}
          />
          <Select
            label="Модель атрибуции по умолчанию"
            data={MODEL_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('defaultAttributionModel')}
          />
          <NumberInput
            label="Период полураспада (модель с распадом), часов"
            {...hours}
            {...form.getInputProps('timeDecayHalfLifeHours')}
          />
          <NumberInput
            label="Порог «горячего» лида, баллов"
            min={1}
            max={100_000}
            allowDecimal={false}
            {...form.getInputProps('hotLeadThreshold')}
          />
          <NumberInput
            label="Срок хранения данных, дней"
            description="От 30 до 1098; старые события удаляются каждую ночь"
            min={30}
            max={3 * 366}
            allowDecimal={false}
            {...form.getInputProps('retentionDays')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Textarea
            label="Внутренние IP-адреса и подсети"
            description="По одному в строке, например 10.0.0.0/8: эти визиты не попадают в отчёты"
            rows={3}
            {...form.getInputProps('internalIpRanges')}
          />
          <Textarea
            label="Тестовые e-mail"
            description="По одному в строке: заказы с ними не попадают в отчёты"
            rows={3}
            {...form.getInputProps('testEmails')}
          />
          <TextInput
            label="Яндекс Метрика: номер счётчика"
            description="Только цифры; пусто — не подключать"
            inputMode="numeric"
            {...form.getInputProps('yandexMetricaId')}
          />
          <TextInput
            label="Google Analytics 4: идентификатор"
            description="Вида G-XXXXXXX; пусто — не подключать"
            {...form.getInputProps('ga4MeasurementId')}
          />
        </SimpleGrid>

        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" size="sm" fw={600}>
            Правила оценки лидов
          </Text>
          {form.values.leadScoreRules.length === 0 && (
            <Text size="sm" c="dimmed">
              Правил пока нет.
            </Text>
          )}
          {form.values.leadScoreRules.map((_rule, index) => (
            <Group key={index} align="flex-end" gap="xs" wrap="wrap" data-testid="lead-score-rule">
              <TextInput
                label={`Событие ${index + 1}`}
                placeholder="form_submit"
                style={{ flex: '1 1 140px' }}
                {...form.getInputProps(`leadScoreRules.${index}.eventType`)}
              />
              <TextInput
                label="Действие (необязательно)"
                style={{ flex: '1 1 140px' }}
                {...form.getInputProps(`leadScoreRules.${index}.eventAction`)}
              />
              <NumberInput
                label="Баллы"
                min={-1000}
                max={1000}
                allowDecimal={false}
                w={100}
                {...form.getInputProps(`leadScoreRules.${index}.points`)}
              />
              <NumberInput
                label="Распад, дней"
                min={0}
                max={365}
                allowDecimal={false}
                w={110}
                {...form.getInputProps(`leadScoreRules.${index}.decayDays`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={2}
                aria-label={`Удалить правило ${index + 1}`}
                onClick={() => form.removeListItem('leadScoreRules', index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              disabled={form.values.leadScoreRules.length >= 50}
              onClick={() =>
                form.insertListItem('leadScoreRules', {
                  eventType: '',
                  eventAction: '',
                  points: 10,
                  decayDays: 0,
                })
              }
            >
              Добавить правило
            </Button>
          </Group>
        </Stack>

        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Отмена
          </Button>
          <Button type="submit" loading={save.isPending}>
            Сохранить
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SettingsDialogBody({ onDone }: { onDone: () => void }) {
  const config = useAnalyticsConfig(true);
  if (config.isPending) return <Skeleton h={320} aria-label="Загрузка настроек" />;
  if (config.isError) return <LoadError title="Не удалось загрузить настройки" query={config} />;
  return <SettingsForm config={config.data} onDone={onDone} />;
}

/**
 * «Настройки аналитики» (issue 19): the button and its dialog with the whole analytics configuration
 * (`/api/marketing/analytics-config`). ADMIN only: for anyone else it draws nothing.
 */
export function AnalyticsSettingsButton() {
  const role = useCrmRole();
  const [opened, setOpened] = useState(false);
  if (role !== 'ADMIN') return null;
  const close = () => setOpened(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconSettings size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        Настройки аналитики
      </Button>
      <Modal opened={opened} onClose={close} title="Настройки аналитики" size="xl">
        {opened && <SettingsDialogBody onDone={close} />}
      </Modal>
    </>
  );
}
