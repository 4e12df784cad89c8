import { SegmentedControl, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { PayerType } from '@app/contracts';
import { PhoneInput } from '@/components/phone-input';
import { useDraftUpdater, useOrderDraft } from '../hooks/use-order-draft';
import { PARTY_LOOKUP_TEXT, usePartyPrefill } from '../hooks/use-party-prefill';
import type { FieldErrors } from '../model/draft-store';
import classes from './step2-form.module.css';

/** Step 2 fields: contact, payer type (organization details with INN and KPP), comment. */
export function Step2Form({ errors }: { errors: FieldErrors }) {
  const draft = useOrderDraft();
  const { updateStep2 } = useDraftUpdater();
  const step = draft.step2;
  const isOrganization = step.payerType === 'ORGANIZATION';
  const partyLookup = usePartyPrefill(step.organizationInn, isOrganization);

  return (
    <Stack gap="lg">
      <section aria-labelledby="contact-heading">
        <Title order={2} size="h4" id="contact-heading" mb="xs">
          Как с вами связаться
        </Title>
        <Stack gap="sm">
          <TextInput
            label="Имя"
            placeholder="Иван Петров"
            autoComplete="name"
            value={step.name}
            onChange={(event) => updateStep2({ name: event.currentTarget.value })}
            error={errors.name}
            size="md"
            required
          />
          <PhoneInput
            label="Телефон"
            placeholder="+7 (999) 123-45-67"
            value={step.phoneNumber}
            onChange={(phoneNumber) => updateStep2({ phoneNumber })}
            error={errors.phoneNumber}
            size="md"
            required
          />
          <TextInput
            label="Email"
            description="Пришлём подтверждение заказа и ссылку на оплату"
            placeholder="you@example.ru"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={step.email}
            onChange={(event) => updateStep2({ email: event.currentTarget.value })}
            error={errors.email}
            size="md"
            required
          />
        </Stack>
      </section>

      <section aria-labelledby="payer-heading">
        <Title order={2} size="h4" id="payer-heading" mb="xs">
          Кто платит
        </Title>
        <SegmentedControl
          fullWidth
          size="md"
          aria-label="Плательщик"
          // Two long words on a 320–375 px phone: they wrap rather than lose their last letters.
          classNames={{ label: classes.payerLabel }}
          value={step.payerType}
          onChange={(value) => updateStep2({ payerType: value as PayerType })}
          data={[
            { value: 'INDIVIDUAL', label: 'Физическое лицо' },
            { value: 'ORGANIZATION', label: 'Организация' },
          ]}
        />
        {isOrganization ? (
          <Stack gap="sm" mt="sm">
            <Text size="sm" c="gray.7">
              Выставим счёт и закрывающие документы на организацию.
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label="ИНН"
                inputMode="numeric"
                placeholder="10 или 12 цифр"
                value={step.organizationInn}
                onChange={(event) =>
                  updateStep2({ organizationInn: event.currentTarget.value.replace(/\D/g, '').slice(0, 12) })
                }
                error={errors.organizationInn}
                size="md"
                required
              />
              <TextInput
                label="КПП"
                placeholder="9 символов, если есть"
                value={step.organizationKpp}
                onChange={(event) =>
                  updateStep2({ organizationKpp: event.currentTarget.value.toUpperCase().slice(0, 9) })
                }
                error={errors.organizationKpp}
                size="md"
              />
            </SimpleGrid>
            <Text size="sm" role="status" c={partyLookup.status === 'found' ? 'green.9' : 'gray.7'}>
              {partyLookup.status === 'found'
                ? `Нашли «${partyLookup.name}» — проверьте название, КПП и адрес`
                : PARTY_LOOKUP_TEXT[partyLookup.status]}
            </Text>
            <TextInput
              label="Название организации"
              placeholder="ООО «Ромашка»"
              value={step.organizationName}
              onChange={(event) => updateStep2({ organizationName: event.currentTarget.value })}
              error={errors.organizationName}
              size="md"
              required
            />
            <TextInput
              label="Юридический адрес"
              placeholder="Москва, ул. …"
              value={step.organizationAddress}
              onChange={(event) => updateStep2({ organizationAddress: event.currentTarget.value })}
              error={errors.organizationAddress}
              size="md"
              required
            />
          </Stack>
        ) : null}
      </section>

      <Textarea
        label="Комментарий к заказу"
        placeholder="Например: ФИО латиницей как в загранпаспорте"
        autosize
        minRows={2}
        maxLength={2000}
        value={step.comment}
        onChange={(event) => updateStep2({ comment: event.currentTarget.value })}
        error={errors.comment}
        size="md"
      />
    </Stack>
  );
}
