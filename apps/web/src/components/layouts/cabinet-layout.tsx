import { AppShell, Badge, Container, Group, NavLink as MantineNavLink } from '@mantine/core';
import type { ReactNode } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { trackFunnelStage } from '@/lib/analytics';
import { hasToken } from '@/lib/session/credentials';
import { useSession } from '@/lib/session/session-store';
import { BottomNav, formatBadge, type BottomNavItem } from '@/components/menus/bottom-nav';
import {
  CABINET_HEADER_LINKS,
  getCabinetNavItems,
  type CabinetNavItem,
} from '@/components/menus/cabinet-menu';
import { BrandLink } from './brand-link';
import { UserHeaderActions } from './user-header-actions';

function trackNewOrderFromBottomNav(): void {
  trackFunnelStage({ stage: 'calculator_used', source: 'cabinet_bottom_nav' });
}

export type CabinetNavBadges = Partial<Record<CabinetNavItem['key'], number>>;

/**
 * Customer cabinet: header with page links on wide screens, bottom navigation on phones. The route composes
 * what features add to it: counters on the menu items and a banner above the page (e.g. offline notice).
 */
export function CabinetLayout({ badges = {}, banner }: { badges?: CabinetNavBadges; banner?: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  const role = session.profile?.role ?? session.role;
  const email = session.profile?.email ?? session.user?.email ?? null;
  const navItems: BottomNavItem[] = getCabinetNavItems({ role, hasCrmToken: hasToken('crm') }).map(
    (entry) => ({
      ...entry,
      onSelect: entry.key === 'new-order' ? trackNewOrderFromBottomNav : undefined,
      badge: badges[entry.key],
    }),
  );

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="lg" wrap="nowrap">
              <BrandLink to="/cabinet/orders" caption="Личный кабинет" />
              <Group gap={4} visibleFrom="md" component="nav" aria-label="Разделы кабинета" wrap="nowrap">
                {CABINET_HEADER_LINKS.map((link) => (
                  <MantineNavLink
                    key={link.path}
                    component={NavLink}
                    to={link.path}
                    label={link.label}
                    rightSection={
                      link.path === '/cabinet/notifications' && (badges.notifications ?? 0) > 0 ? (
                        <Badge
                          size="xs"
                          color="red"
                          circle
                          aria-hidden
                          data-testid="header-notifications-badge"
                        >
                          {formatBadge(badges.notifications ?? 0)}
                        </Badge>
                      ) : undefined
                    }
                    active={pathname.startsWith(link.path)}
                    w="auto"
                    styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
                  />
                ))}
              </Group>
            </Group>
            <UserHeaderActions email={email} />
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" py="md">
          {banner}
          <Outlet />
        </Container>
        <BottomNav items={navItems} label="Навигация кабинета" />
      </AppShell.Main>
    </AppShell>
  );
}
