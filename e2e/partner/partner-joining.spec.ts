import { expect, test, type Page } from '@playwright/test';
import { DEMO, latestMail, staffToken, uniqueEmail } from '../support/api';
import { expectAccessible } from '../support/axe';
import { bearer, signInStaff } from '../support/fixtures';
import { expectNoSidewaysScroll } from '../support/layout';

/** Decision 060: apply → ADMIN approves in the CRM → the mailed link sets the password → profile and password. */

const PHONE = { width: 375, height: 812 };

function setPasswordPath(text: string): string {
  const href = /(https?:\/\/\S+\/partner\/set-password\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!href) throw new Error('no set-password link in the mail');
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
}

async function fillPasswords(page: Page, form: ReturnType<Page['getByRole']>, next: string, again: string) {
  await form.getByLabel('Новый пароль').fill(next);
  await form.getByLabel('Повторите пароль').fill(again);
}

test('a visitor applies, ADMIN approves, the partner sets a password from the e-mail and edits the profile', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('partner-apply');
  await page.setViewportSize(PHONE);

  await page.goto('/partner/login');
  await page.getByRole('link', { name: 'Стать партнёром' }).click();
  await expect(page).toHaveURL('/partner/apply');
  await expect(page.getByRole('heading', { name: 'Стать партнёром' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, '/partner/apply');

  const form = page.getByRole('form', { name: 'Заявка в партнёрскую программу' });
  await form.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(form.getByText('Подтвердите согласие на обработку персональных данных')).toBeVisible();
  await form.getByPlaceholder('Выберите').click();
  await page.getByRole('option', { name: /Аффилиат/ }).click();
  await form.getByLabel('Имя').fill('Ольга Блогер');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Телефон').fill('9161234567');
  await form
    .getByLabel('Как вы будете рекомендовать сервис')
    .fill('Пишу о визах и переводах в Telegram-канале');
  await form.getByLabel(/Согласен/).check();
  await form.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page.getByText('Заявка отправлена')).toBeVisible();

  // ADMIN approves in the CRM (another browser context: the staff session).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInStaff(admin, request, 'ADMIN');
  await admin.goto('/crm/partner-program/applications');
  await expect(admin.getByRole('heading', { name: 'Заявки в партнёрскую программу' })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expectAccessible(admin, '/crm/partner-program/applications');
  const approvedAt = new Date();
  await row.getByRole('button', { name: 'Одобрить' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Одобрить' }).click();
  await expect(admin.getByText('Заявка одобрена, партнёру отправлено письмо')).toBeVisible();
  await adminContext.close();

  // The link from the e-mail sets the password and signs the partner in.
  const mail = await latestMail(request, email, { after: new Date(approvedAt.getTime() - 1000) });
  expect(mail.subject).toBe('Вы — партнёр: установите пароль');
  await page.goto(setPasswordPath(mail.text));
  await expectAccessible(page, '/partner/set-password');
  const setForm = page.getByRole('form', { name: 'Установка пароля' });
  await fillPasswords(page, setForm, 'first-pass-1', 'first-pass-2');
  await setForm.getByRole('button', { name: 'Сохранить пароль и войти' }).click();
  await expect(setForm.getByText('Пароли не совпадают')).toBeVisible();
  await fillPasswords(page, setForm, 'first-pass-1', 'first-pass-1');
  await setForm.getByRole('button', { name: 'Сохранить пароль и войти' }).click();
  await expect(page).toHaveURL('/partner/dashboard');

  // The profile: spec 2 page with spec 8 texts.
  await page.goto('/partner/profile');
  await expect(page.getByRole('heading', { name: 'Профиль партнёра' })).toBeVisible();
  await expect(page.getByText('Активен')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, '/partner/profile');
  const profileForm = page.getByRole('form', { name: 'Данные партнёра' });
  await profileForm.getByLabel('Компания').fill('ИП Ольга');
  await profileForm.getByLabel('Сайт').fill('https://olga.example.ru');
  await profileForm.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Профиль успешно обновлен')).toBeVisible();

  await page.getByRole('button', { name: 'Изменить пароль' }).click();
  const passwordForm = page.getByRole('form', { name: 'Смена пароля' });
  await passwordForm.getByLabel('Текущий пароль').fill('first-pass-1');
  await fillPasswords(page, passwordForm, 'short', 'short');
  await passwordForm.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(passwordForm.getByText('Пароль должен содержать минимум 8 символов')).toBeVisible();
  await fillPasswords(page, passwordForm, 'second-pass-1', 'second-pass-1');
  await passwordForm.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(page.getByText('Пароль успешно изменен')).toBeVisible();

  const signIn = await request.post('/api/partner/auth/login', {
    data: { email, password: 'second-pass-1' },
  });
  expect(signIn.status()).toBe(200);
  const profile = (await (
    await request.get('/api/partner/profile', {
      headers: bearer(((await signIn.json()) as { token: string }).token),
    })
  ).json()) as { data: { company: string; phone: string } };
  expect(profile.data).toMatchObject({ company: 'ИП Ольга', phone: '+79161234567' });
});

test('ADMIN suspends a portal partner from the programme page with old → new and a reason', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('partner-suspend');
  const applied = await request.post('/api/partner/apply', {
    data: {
      type: 'INTEGRATOR',
      name: 'Интегратор для приостановки',
      email,
      promotion: 'Виджет на сайте визового центра',
      consent: true,
    },
  });
  expect(applied.status()).toBe(200);
  const token = await staffToken(request, DEMO.admin.email, DEMO.admin.password);
  const list = (await (
    await request.get('/api/admin/partner-applications?status=PENDING&limit=100', { headers: bearer(token) })
  ).json()) as { items: Array<{ id: string; email: string }> };
  const application = list.items.find((item) => item.email === email)!;
  const approved = await request.post(`/api/admin/partner-applications/${application.id}/approve`, {
    headers: bearer(token),
  });
  expect(approved.status()).toBe(200);

  await signInStaff(page, request, 'ADMIN');
  await page.goto(`/crm/partner-program?search=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { name: 'Партнёрская программа', level: 1 })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Настройки программы' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expectAccessible(page, '/crm/partner-program');

  await row.getByLabel(/Статус/).click();
  await page.getByRole('option', { name: 'Приостановлен' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Активен → Приостановлен')).toBeVisible();
  await dialog.getByRole('button', { name: 'Изменить статус' }).click();
  await expect(dialog.getByText('Укажите причину (от 3 до 1000 символов)')).toBeVisible();
  await dialog.getByLabel('Причина').fill('Проверяем источники трафика');
  await dialog.getByRole('button', { name: 'Изменить статус' }).click();
  await expect(page.getByText('Статус партнёра изменён')).toBeVisible();

  const partners = (await (
    await request.get(`/api/admin/partner-program/partners?search=${encodeURIComponent(email)}`, {
      headers: bearer(token),
    })
  ).json()) as { items: Array<{ status: string }> };
  expect(partners.items[0]?.status).toBe('SUSPENDED');
});
