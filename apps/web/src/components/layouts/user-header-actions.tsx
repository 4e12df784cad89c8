import { Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useLogout } from './use-logout';

/**
 * The signed-in user's e-mail and a logout button, shown in every area header. On a narrow phone the e-mail gives
 * way (shortened with an ellipsis) so that 'Выйти' is never cut off.
 */
export function UserHeaderActions({ email }: { email: string | null }) {
  const { logout, isLoggingOut } = useLogout();
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      {email ? (
        <Text size="sm" c="dimmed" truncate maw={{ base: 140, sm: 260 }} data-testid="header-user-email">
          {email}
        </Text>
      ) : null}
      <Button
        variant="subtle"
        size="compact-sm"
        flex="none"
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={() => void logout()}
        loading={isLoggingOut}
      >
        Выйти
      </Button>
    </Group>
  );
}
