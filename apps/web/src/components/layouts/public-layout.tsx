import { AppShell, Container, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { SupportWidget } from '@/features/support-widget/components/support-widget';
import { BrandLink } from './brand-link';

/** Simple header + content for public pages (order steps, info pages). */
export function PublicLayout() {
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between">
            <BrandLink to="/order/step-1" />
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" py="md">
          <Outlet />
        </Container>
      </AppShell.Main>
      <SupportWidget />
    </AppShell>
  );
}
