import { NavLink as MantineNavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import { getPartnerData } from '@/lib/session/credentials';
import { useSession } from '@/lib/session/session-store';
import { partnerMenuFor } from '@/components/menus/partner-menu';
import { SideMenuShell } from './side-menu-shell';

/** Partner portal: sectioned side menu, header with the partner's e-mail and logout. */
export function PartnerLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const partner = session.partner ?? getPartnerData();

  return (
    <SideMenuShell
      navbarWidth={260}
      breakpoint="sm"
      burger={{ hiddenFrom: 'sm' }}
      brand={{ to: '/partner/dashboard', caption: 'Кабинет партнёра' }}
      email={partner?.email ?? null}
      menu={(close) => (
        <ScrollArea p="xs">
          <nav aria-label="Меню партнёра" data-testid="partner-menu">
            <Stack gap="sm">
              {partnerMenuFor(partner?.type ?? null).map((section) => (
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
      )}
    />
  );
}
