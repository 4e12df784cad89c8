import { Indicator, Menu, UnstyledButton } from '@mantine/core';
import { IconDots, type Icon } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { isOrderPath } from '@/lib/area';
import classes from './bottom-nav.module.css';

export type BottomNavItem = {
  key: string;
  label: string;
  path: string;
  icon: Icon;
  /** Runs before the navigation (e.g. an analytics event). */
  onSelect?: () => void;
  /** A counter on the icon (e.g. unread notifications); hidden at 0. */
  badge?: number;
};

/** '99+' above 99, so the badge stays small. */
export function formatBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}

function isActive(pathname: string, path: string): boolean {
  const target = path.split('?')[0] ?? path;
  return pathname === target || pathname.startsWith(`${target}/`);
}

/**
 * Most slots the bar has: on a 375 px phone five labels stay whole. A role with more items (ADMIN in the CRM has
 * seven, spec 2) gets the first four and «Ещё», a menu with the others under their full names.
 */
export const BOTTOM_NAV_SLOTS = 5;

/** Phone-only navigation bar (below 640 px, spec 2); never on order pages. */
export function BottomNav({ items, label }: { items: BottomNavItem[]; label: string }) {
  const { pathname } = useLocation();
  if (items.length === 0 || isOrderPath(pathname)) return null;
  const overflows = items.length > BOTTOM_NAV_SLOTS;
  const shown = overflows ? items.slice(0, BOTTOM_NAV_SLOTS - 1) : items;
  const more = overflows ? items.slice(BOTTOM_NAV_SLOTS - 1) : [];
  const isMoreActive = more.some((item) => isActive(pathname, item.path));
  return (
    <>
      <div className={classes.spacer} aria-hidden />
      <nav className={classes.nav} aria-label={label} data-testid="bottom-nav">
        {shown.map(({ key, label: itemLabel, path, icon: ItemIcon, onSelect, badge = 0 }) => {
          const active = isActive(pathname, path);
          return (
            <UnstyledButton
              key={key}
              component={Link}
              to={path}
              onClick={onSelect}
              className={classes.item}
              data-active={active || undefined}
              aria-current={active ? 'page' : undefined}
              data-testid={`bottom-nav-${key}`}
            >
              <Indicator
                disabled={badge <= 0}
                label={
                  <span aria-hidden data-testid={`bottom-nav-${key}-badge`}>
                    {formatBadge(badge)}
                  </span>
                }
                size={16}
                color="red"
                offset={2}
              >
                <ItemIcon size={22} stroke={1.6} aria-hidden />
              </Indicator>
              <span className={classes.label}>{itemLabel}</span>
            </UnstyledButton>
          );
        })}
        {more.length > 0 ? (
          <Menu position="top-end" withinPortal shadow="md">
            <Menu.Target>
              <UnstyledButton
                className={classes.item}
                data-active={isMoreActive || undefined}
                data-testid="bottom-nav-more"
              >
                <IconDots size={22} stroke={1.6} aria-hidden />
                <span className={classes.label}>Ещё</span>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              {more.map(({ key, label: itemLabel, path, icon: ItemIcon, onSelect }) => (
                <Menu.Item
                  key={key}
                  component={Link}
                  to={path}
                  onClick={onSelect}
                  leftSection={<ItemIcon size={18} stroke={1.6} aria-hidden />}
                  aria-current={isActive(pathname, path) ? 'page' : undefined}
                  data-testid={`bottom-nav-${key}`}
                >
                  {itemLabel}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </nav>
    </>
  );
}
