import {
  PARTNER_MESSAGES,
  PAYEE_TYPE_LABELS,
  PAYEE_TYPES,
  type PayeeType,
  type PaymentDetailsResponse,
} from '@app/contracts';
import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { formatDateTime } from '@/lib/format';
import { setServerFieldErrors, useValidatedForm } from '@/lib/form-submit';
import { showSuccessToast } from '@/lib/notify';
import { useConfirmPaymentDetails, usePaymentDetails, useSavePaymentDetails } from '../api/payment-details';
import {
  toPaymentDetailsFormValues,
  toPaymentDetailsRequest,
  validatePaymentDetailsForm,
  type PaymentDetailsFormValues,
} from '../model/forms';

const PAYEE_OPTIONS = PAYEE_TYPES.map((type) => ({ value: type, label: PAYEE_TYPE_LABELS[type] }));

type Details = NonNullable<PaymentDetailsResponse['current']>;

function DetailsSummary({ details }: { details: Omit<Details, 'confirmedAt'> }) {
  const rows = [
    ['Получатель', `${details.payeeName} (${PAYEE_TYPE_LABELS[details.payeeType]})`],
    ['ИНН', details.inn],
    ...(details.kpp ? [['КПП', details.kpp]] : []),
    ['Банк', `${details.bankName ?? ''}, БИК ${details.bik}`],
    ['Расчётный счёт', details.account],
    ...(details.correspondentAccount ? [['Корр. счёт', details.correspondentAccount]] : []),
  ];
  return (
    <Stack gap={4}>
      {rows.map(([label, value]) => (
        <Text key={label} size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span c="dimmed" size="sm">
            {label}:
          </Text>{' '}
          {value}
        </Text>
      ))}
    </Stack>
  );
}

/** The link from the e-mail: one button applies the change (a mail scanner opening the link applies nothing). */
function ConfirmFromLink({ token, onDone }: { token: string; onDone: () => void }) {
  const confirm = useConfirmPaymentDetails();
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Подтверждение реквизитов
        </Title>
        {confirm.isError ? (
          <Alert color="red">{confirm.error.message}</Alert>
        ) : (
          <Text size="sm">Подтвердите новые реквизиты, чтобы выплаты шли на них.</Text>
        )}
        <Group>
          <Button
            loading={confirm.isPending}
            onClick={() =>
              confirm.mutate(token, {
                onSuccess: () => {
                  showSuccessToast(PARTNER_MESSAGES.paymentDetailsConfirmed);
                  onDone();
                },
              })
            }
          >
            Подтвердить реквизиты
          </Button>
          <Button variant="default" onClick={onDone}>
            Не подтверждать
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function PaymentDetailsForm({ data }: { data: PaymentDetailsResponse }) {
  const save = useSavePaymentDetails();
  const form = useValidatedForm<PaymentDetailsFormValues>(
    toPaymentDetailsFormValues(data),
    validatePaymentDetailsForm,
  );
  const isCompany = form.values.payeeType === 'COMPANY';
  const submit = form.onSubmit((values) =>
    save.mutate(toPaymentDetailsRequest(values), {
      onSuccess: () => showSuccessToast(PARTNER_MESSAGES.paymentDetailsPending),
      onError: (error) => setServerFieldErrors(form, error),
    }),
  );
  return (
    <Card withBorder radius="md" padding="md">
      <form onSubmit={submit} noValidate aria-label="Реквизиты для выплат">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {data.current || data.pending ? 'Изменить реквизиты' : 'Указать реквизиты'}
          </Title>
          <Select
            label="Получатель выплат"
            data={PAYEE_OPTIONS}
            allowDeselect={false}
            required
            {...form.getInputProps('payeeType')}
            onChange={(value) => value && form.setFieldValue('payeeType', value as PayeeType)}
          />
          <TextInput
            label={isCompany ? 'Название организации' : 'ФИО или название ИП'}
            required
            maxLength={300}
            {...form.getInputProps('payeeName')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="ИНН"
              description={isCompany ? '10 цифр' : '12 цифр'}
              inputMode="numeric"
              maxLength={14}
              required
              autoComplete="off"
              {...form.getInputProps('inn')}
            />
            {isCompany ? (
              <TextInput
                label="КПП"
                inputMode="numeric"
                maxLength={9}
                required
                autoComplete="off"
                {...form.getInputProps('kpp')}
              />
            ) : null}
            <TextInput
              label="БИК банка"
              description="9 цифр"
              inputMode="numeric"
              maxLength={11}
              required
              autoComplete="off"
              {...form.getInputProps('bik')}
            />
            <TextInput label="Банк" required maxLength={300} {...form.getInputProps('bankName')} />
            <TextInput
              label="Расчётный счёт"
              description="20 цифр"
              inputMode="numeric"
              maxLength={25}
              required
              autoComplete="off"
              {...form.getInputProps('account')}
            />
            <TextInput
              label="Корреспондентский счёт"
              description="Необязательно"
              inputMode="numeric"
              maxLength={25}
              autoComplete="off"
              {...form.getInputProps('correspondentAccount')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            После сохранения мы пришлём письмо со ссылкой: новые реквизиты начнут действовать только после
            подтверждения.
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Сохранить реквизиты
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** /partner/payment-details: where payouts go; a change applies after the e-mailed confirmation (decision 063). */
export function PaymentDetailsPage() {
  const details = usePaymentDetails();
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get('confirm');
  const data = details.data;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Платёжные реквизиты
      </Title>
      {token ? <ConfirmFromLink token={token} onDone={() => setSearchParams({}, { replace: true })} /> : null}
      {details.isError ? <LoadError title="Не удалось загрузить реквизиты" query={details} /> : null}
      {details.isPending && details.fetchStatus !== 'paused' ? <Skeleton height={320} radius="md" /> : null}
      {data ? (
        <>
          <Card withBorder radius="md" padding="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Выплаты идут на
              </Title>
              {data.current ? (
                <>
                  <DetailsSummary details={data.current} />
                  <Text size="xs" c="dimmed">
                    Подтверждены {formatDateTime(data.current.confirmedAt)}
                  </Text>
                </>
              ) : (
                <Text size="sm">Реквизиты ещё не указаны — без них выплаты не формируются.</Text>
              )}
            </Stack>
          </Card>
          {data.pending ? (
            <Alert
              color="yellow"
              title="Изменение реквизитов ожидает подтверждения"
              data-testid="payment-details-pending"
            >
              <Stack gap="xs">
                <Text size="sm">
                  Мы отправили письмо со ссылкой на ваш e-mail. Ссылка действует до{' '}
                  {formatDateTime(data.pending.expiresAt)}. До подтверждения выплаты идут по прежним
                  реквизитам.
                </Text>
                <DetailsSummary details={data.pending} />
              </Stack>
            </Alert>
          ) : null}
          <PaymentDetailsForm key={details.dataUpdatedAt} data={data} />
        </>
      ) : null}
    </Stack>
  );
}
