import { formatMessage, MESSAGES } from '@app/contracts';
import { Anchor, Box, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconBrandTelegram, IconBrandWhatsapp } from '@tabler/icons-react';
import { useId, useState } from 'react';
// Support contacts are deployment data (the support widget reads them from the same place).
import { usePublicConfig } from '@/lib/public-config';

/**
 * «Не пришёл код?» under the code field (issue 16): what to check (the address, the spam folders, a little
 * patience), a new code once the cooldown is over, and the support contacts when nothing helps.
 */
export function CodeHelp({
  email,
  resendIn,
  onResend,
}: {
  email: string;
  resendIn: number;
  onResend: () => void;
}) {
  const [isOpen, setOpen] = useState(false);
  const { data: config } = usePublicConfig();
  const panelId = useId();
  const contacts = [
    {
      label: 'Telegram',
      href: config?.supportTelegramUrl,
      icon: <IconBrandTelegram size={16} aria-hidden />,
    },
    {
      label: 'WhatsApp',
      href: config?.supportWhatsappUrl,
      icon: <IconBrandWhatsapp size={16} aria-hidden />,
    },
  ].filter((contact) => contact.href);

  return (
    <Box>
      <Anchor
        component="button"
        type="button"
        size="sm"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {MESSAGES.codeHelpToggle}
      </Anchor>
      {isOpen ? (
        <Stack id={panelId} gap="xs" mt="xs" data-testid="code-help">
          <List size="sm" spacing={4}>
            <List.Item>{formatMessage(MESSAGES.codeHelpCheckAddress, { email })}</List.Item>
            <List.Item>{MESSAGES.codeHelpCheckFolders}</List.Item>
            <List.Item>{MESSAGES.codeHelpWait}</List.Item>
          </List>
          {resendIn > 0 ? (
            <Text size="sm" c="gray.7" role="status">
              {formatMessage(MESSAGES.codeHelpResendIn, { seconds: resendIn })}
            </Text>
          ) : (
            <Button variant="light" size="sm" onClick={onResend}>
              {MESSAGES.codeHelpResend}
            </Button>
          )}
          {contacts.length > 0 ? (
            <>
              <Text size="sm">{MESSAGES.codeHelpSupport}</Text>
              <Group gap="xs">
                {contacts.map((contact) => (
                  <Button
                    key={contact.label}
                    component="a"
                    href={contact.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="default"
                    size="sm"
                    leftSection={contact.icon}
                  >
                    {contact.label}
                  </Button>
                ))}
              </Group>
            </>
          ) : null}
        </Stack>
      ) : null}
    </Box>
  );
}
