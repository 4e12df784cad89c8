import { EmptyState, Stack, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useRouteTitle } from './route-handle';

/** A page whose content a later issue fills: its title and an empty state. */
export function PagePlaceholder({ title }: { title?: string }) {
  const routeTitle = useRouteTitle();
  const heading = title ?? routeTitle ?? 'Страница';
  return (
    <Stack gap="lg" data-testid="page-placeholder">
      <Title order={1} size="h2">
        {heading}
      </Title>
      <EmptyState
        icon={<IconFileText size={32} aria-hidden />}
        withIndicatorBackground
        title="Здесь пока пусто"
        description="Раздел скоро появится."
      />
    </Stack>
  );
}

export { PagePlaceholder as Component };
