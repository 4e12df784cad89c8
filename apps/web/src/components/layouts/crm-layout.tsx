import { Divider, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { useSession } from '@/lib/session/session-store';
import { useCrmRole } from '@/lib/session/use-crm-role';
import { BottomNav } from '@/components/menus/bottom-nav';
import { CABINET_LINK, getCrmBottomNavItems, getCrmMenu } from '@/components/menus/crm-menu';
import { SideMenuShell } from './side-menu-shell';
import classes from './crm-layout.module.css';

function SideMenuLink({
  path,
  label,
  icon: ItemIcon,
  onClick,
}: {
  path: string;
  label: string;
  icon: Icon;
  onClick: () => void;
}) {
  return (
    <Tooltip label={label} position="right" withArrow transitionProps={{ duration: 0 }}>
      <UnstyledButton
        component={NavLink}
        to={path}
        className={classes.link}
        aria-label={label}
        onClick={onClick}
      >
        <ItemIcon size={22} stroke={1.6} aria-hidden />
        <span className={classes.mobileLabel}>{label}</span>
      </UnstyledButton>
    </Tooltip>
  );
}

/** Back office: icon side menu filtered by role (spec 2), header with e-mail and logout. */
export function CrmLayout() {
  const session = useSession();
  const role = useCrmRole();
  const menu = getCrmMenu(role);
  const email = session.profile?.email ?? session.user?.email ?? null;

  return (
    <SideMenuShell
      navbarWidth={76}
      breakpoint="40em"
      burger={{ className: classes.burger }}
      brand={{ to: '/crm', caption: 'CRM' }}
      email={email}
      navbarProps={{ p: 'xs', className: classes.navbar }}
      menu={(close) => (
        <nav aria-label="Меню CRM" data-testid="crm-side-menu" className={classes.menu}>
          {menu.kind === 'message' ? (
            <Text size="xs" c="dimmed" ta="center" data-testid="crm-menu-message">
              {menu.message}
            </Text>
          ) : (
            <Stack gap={4} align="stretch">
              {menu.items.map((entry) => (
                <SideMenuLink
                  key={entry.key}
                  path={entry.path}
                  label={entry.label}
                  icon={entry.icon}
                  onClick={close}
                />
              ))}
            </Stack>
          )}
          <Divider my="sm" />
          <SideMenuLink
            path={CABINET_LINK.path}
            label={CABINET_LINK.label}
            icon={CABINET_LINK.icon}
            onClick={close}
          />
        </nav>
      )}
      footer={
        <BottomNav
          label="Навигация CRM"
          items={getCrmBottomNavItems(role).map((entry) => ({
            key: entry.key,
            label: entry.shortLabel,
            path: entry.path,
            icon: entry.icon,
          }))}
        />
      }
    />
  );
}
