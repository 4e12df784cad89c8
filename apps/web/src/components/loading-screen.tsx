import { Center, Loader, Stack, Text } from '@mantine/core';

export function LoadingScreen({ label = 'Загрузка…' }: { label?: string }) {
  return (
    <Center mih="100dvh" data-testid="app-loading" aria-busy="true" role="status">
      <Stack align="center" gap="sm">
        <Loader size="lg" aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
