import { Anchor, Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useLoaderData } from 'react-router';
import type { LandingLoaderData } from '@/app/guards';
import { SupportWidget } from '@/features/support-widget/components/support-widget';

/** Outside the installed app the loader sends the browser to the marketing site; this shows meanwhile. */
export function LandingPage() {
  const { marketingSiteUrl } = useLoaderData<LandingLoaderData>();
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={420} ta="center">
        <Title order={1} size="h2">
          Перевод документов
        </Title>
        {marketingSiteUrl ? (
          <Text c="dimmed">
            Переходим на сайт… <Anchor href={marketingSiteUrl}>Открыть сайт</Anchor>
          </Text>
        ) : (
          <Text c="dimmed">Закажите перевод онлайн или войдите в личный кабинет.</Text>
        )}
        <Button component={Link} to="/order/step-1">
          Оформить заказ
        </Button>
        <Anchor component={Link} to="/cabinet-login">
          Войти в личный кабинет
        </Anchor>
      </Stack>
      <SupportWidget />
    </Center>
  );
}
