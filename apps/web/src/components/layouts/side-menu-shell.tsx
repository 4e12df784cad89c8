import { AppShell, Burger, Group, type AppShellNavbarProps, type BurgerProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { BrandLink } from './brand-link';
import { UserHeaderActions } from './user-header-actions';

/**
 * The frame of an area with a side menu (CRM, partner portal): header with the burger (phones), the brand and
 * the signed-in e-mail with logout; the menu; the page. `menu` gets `close` to fold the menu after a choice.
 */
export function SideMenuShell({
  navbarWidth,
  breakpoint,
  burger,
  brand,
  email,
  navbarProps,
  menu,
  footer,
}: {
  navbarWidth: number;
  breakpoint: string;
  /** Where the burger shows: a class or Mantine's `hiddenFrom`. */
  burger: Pick<BurgerProps, 'className' | 'hiddenFrom'>;
  brand: { to: string; caption: string };
  email: string | null;
  navbarProps?: Omit<AppShellNavbarProps, 'children'>;
  menu: (close: () => void) => ReactNode;
  /** Below the page (the bottom navigation). */
  footer?: ReactNode;
}) {
  const [isMenuOpen, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: navbarWidth, breakpoint, collapsed: { mobile: !isMenuOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isMenuOpen}
              onClick={toggle}
              {...burger}
              size="sm"
              aria-label={isMenuOpen ? 'Закрыть меню' : 'Открыть меню'}
            />
            <BrandLink to={brand.to} caption={brand.caption} />
          </Group>
          <UserHeaderActions email={email} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar {...navbarProps}>{menu(close)}</AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
        {footer}
      </AppShell.Main>
    </AppShell>
  );
}
