import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLink } from './brand-link';

/** Centered card for the sign-in pages. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Box w="100%" maw={420}>
        <Stack gap="lg">
          <Center>
            <BrandLink to="/" />
          </Center>
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="md">
              <div>
                <Title order={1} size="h3">
                  {title}
                </Title>
                {subtitle ? (
                  <Text c="dimmed" size="sm" mt={4}>
                    {subtitle}
                  </Text>
                ) : null}
              </div>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Box>
    </Center>
  );
}
