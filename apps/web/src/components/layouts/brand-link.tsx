import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { AppLink } from '@/lib/navigation';

export function BrandLink({ to, caption }: { to: string; caption?: string }) {
  return (
    <Anchor
      component={AppLink}
      to={to}
      underline="never"
      c="inherit"
      aria-label="Перевод документов — на главную"
    >
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon radius="md" size="lg" aria-hidden>
          <IconFileText size={20} />
        </ThemeIcon>
        <Text fw={700} visibleFrom="xs">
          Перевод документов
        </Text>
        {caption ? (
          <Text c="dimmed" size="sm" visibleFrom="sm">
            {caption}
          </Text>
        ) : null}
      </Group>
    </Anchor>
  );
}
