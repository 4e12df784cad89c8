import { AppShell, Burger, Group, NavLink as MantineNavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NavLink, Outlet, useLocation } from 'react-router';
import { getPartnerData } from '@/lib/session/credentials';
import { useSession } from '@/lib/session/session-store';
import { PARTNER_MENU } from '@/components/menus/partner-menu';
import { BrandLink } from './brand-link';
import { UserHeaderActions } from './user-header-actions';

/** Partner portal: sectioned side menu, header with the partner's e-mail and logout. */
export function PartnerLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const [isMenuOpen, { toggle, close }] = useDisclosure(false);
  const partner = session.partner ?? getPartnerData();

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !isMenuOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isMenuOpen}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={isMenuOpen ? 'Закрыть меню' : 'Открыть меню'}
            />
            <BrandLink to="/partner/dashboard" caption="Кабинет партнёра" />
          </Group>
          <UserHeaderActions email={partner?.email ?? null} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <ScrollArea p="xs">
          <nav aria-label="Меню партнёра" data-testid="partner-menu">
            <Stack gap="sm">
              {PARTNER_MENU.map((section) => (
                <div key={section.key}>
                  {section.label ? (
                    <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
                      {section.label}
                    </Text>
                  ) : null}
                  {section.links.map((link) => (
                    <MantineNavLink
                      key={link.path}
                      component={NavLink}
                      to={link.path}
                      label={link.label}
                      active={pathname.startsWith(link.path)}
                      leftSection={<link.icon size={18} stroke={1.6} aria-hidden />}
                      onClick={close}
                      styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
                    />
                  ))}
                </div>
              ))}
            </Stack>
          </nav>
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
