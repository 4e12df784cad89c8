import {
  PARTNER_MESSAGES,
  PARTNER_TYPE_LABELS,
  PARTNER_TYPES,
  type PartnerApplicationRequest,
  PartnerApplicationRequestSchema,
} from '@app/contracts';
import { Anchor, Button, Checkbox, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PhoneInput } from '@/components/phone-input';
import { setServerFieldErrors, useValidatedForm } from '@/lib/form-submit';
import { validateWithSchema } from '@/lib/forms';
import { showErrorToast } from '@/lib/notify';
import { submitPartnerApplication } from '../api/partner-portal';

type ApplicationValues = {
  type: string;
  name: string;
  company: string;
  website: string;
  email: string;
  phone: string;
  promotion: string;
  consent: boolean;
};

/** What each kind of partner does, next to its name in the choice. */
const TYPE_HINTS: Record<(typeof PARTNER_TYPES)[number], string> = {
  AFFILIATE: 'блог, сайт, соцсети',
  CORPORATE_REFERRAL: 'рекомендуете нас компаниям',
  INTEGRATOR: 'виджет, API',
};
const TYPE_OPTIONS = PARTNER_TYPES.map((value) => ({
  value,
  label: `${PARTNER_TYPE_LABELS[value]} (${TYPE_HINTS[value]})`,
}));
const EMPTY: ApplicationValues = {
  type: '',
  name: '',
  company: '',
  website: '',
  email: '',
  phone: '',
  promotion: '',
  consent: false,
};
const validate = validateWithSchema(PartnerApplicationRequestSchema);

/** /partner/apply: the public application (decision 060); after sending, a confirmation instead of the form. */
export function PartnerApplicationForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const form = useValidatedForm<ApplicationValues>(EMPTY, (values) => {
    const errors = validate(values);
    if (!values.type) errors.type = PARTNER_MESSAGES.partnerTypeRequired;
    return errors;
  });

  const submit = form.onSubmit(async (values) => {
    setIsSending(true);
    try {
      await submitPartnerApplication(values as PartnerApplicationRequest);
      setSentTo(values.email.trim().toLowerCase());
    } catch (error) {
      setServerFieldErrors(form, error);
      showErrorToast(error);
    } finally {
      setIsSending(false);
    }
  });

  if (sentTo)
    return (
      <Stack gap="sm" role="status" aria-live="polite">
        <Text fw={600}>Заявка отправлена</Text>
        <Text size="sm">
          Мы рассмотрим её в течение двух рабочих дней и ответим на {sentTo}. После одобрения придёт письмо со
          ссылкой для установки пароля.
        </Text>
        <Anchor component={Link} to="/partner/login" size="sm">
          Ко входу для партнёров
        </Anchor>
      </Stack>
    );

  return (
    <form onSubmit={submit} noValidate aria-label="Заявка в партнёрскую программу">
      <Stack gap="sm">
        <Select
          label="Тип партнёрства"
          placeholder="Выберите"
          data={TYPE_OPTIONS}
          required
          allowDeselect={false}
          {...form.getInputProps('type')}
        />
        <TextInput label="Имя" autoComplete="name" required maxLength={200} {...form.getInputProps('name')} />
        <TextInput
          label="Компания"
          autoComplete="organization"
          maxLength={200}
          {...form.getInputProps('company')}
        />
        <TextInput
          label="Сайт или страница"
          placeholder="https://example.ru"
          type="url"
          autoComplete="url"
          maxLength={500}
          {...form.getInputProps('website')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          {...form.getInputProps('email')}
        />
        <PhoneInput label="Телефон" placeholder="+7 (999) 123-45-67" {...form.getInputProps('phone')} />
        <Textarea
          label="Как вы будете рекомендовать сервис"
          description="Площадки, аудитория, примерный охват"
          required
          rows={4}
          maxLength={2000}
          {...form.getInputProps('promotion')}
        />
        <Checkbox
          label="Согласен на обработку персональных данных и с условиями партнёрской программы"
          {...form.getInputProps('consent', { type: 'checkbox' })}
        />
        <Button type="submit" loading={isSending} fullWidth>
          Отправить заявку
        </Button>
      </Stack>
    </form>
  );
}
