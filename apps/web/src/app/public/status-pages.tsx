import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconError404, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AppLink } from '@/lib/navigation';

/**
 * A page of its own is the document's `<main>` landmark; inside a layout that has one (the cabinet, the CRM, the
 * partner portal) it is a plain block, since a page has one main.
 */
function StatusPage({
  icon,
  title,
  text,
  testId,
  isInLayout = false,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  testId: string;
  isInLayout?: boolean;
}) {
  return (
    <Center component={isInLayout ? 'div' : 'main'} mih="70dvh" p="md" data-testid={testId}>
      <Stack align="center" gap="md" maw={480} ta="center">
        {icon}
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Group justify="center">
          <Button component={AppLink} to="/">
            На главную
          </Button>
          <Button component={AppLink} to="/cabinet-login" variant="default">
            Войти
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

export function NotFoundPage({ isInLayout = false }: { isInLayout?: boolean }) {
  return (
    <StatusPage
      isInLayout={isInLayout}
      testId="not-found-page"
      icon={<IconError404 size={64} stroke={1.2} aria-hidden />}
      title="Страница не найдена"
      text="Такой страницы нет. Проверьте адрес или вернитесь на главную."
    />
  );
}

export function NoAccessPage() {
  return (
    <StatusPage
      testId="no-access-page"
      icon={<IconLock size={64} stroke={1.2} aria-hidden />}
      title="Нет доступа"
      text="У вашей учётной записи нет прав на этот раздел. Войдите под другой учётной записью или запросите доступ."
    />
  );
}

/** Inside a layout's own `<main>`: an unknown page of the cabinet, the CRM or the partner portal. */
export function NotFoundInLayout() {
  return <NotFoundPage isInLayout />;
}

/** What a page that failed to open shows (a lazy chunk that did not download, an error while drawing). */
export function PageErrorMessage() {
  return (
    <Center component="main" mih="70dvh" p="md" data-testid="route-error-page">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1} size="h2">
          Что-то пошло не так
        </Title>
        <Text c="dimmed">Не удалось открыть страницу. Обновите её или попробуйте позже.</Text>
        <Button onClick={() => window.location.reload()}>Обновить страницу</Button>
      </Stack>
    </Center>
  );
}
