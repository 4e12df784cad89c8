import { UnstyledButton } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
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
};

function isActive(pathname: string, path: string): boolean {
  const target = path.split('?')[0] ?? path;
  return pathname === target || pathname.startsWith(`${target}/`);
}

/** Phone-only navigation bar (below 640 px, spec 2); never on order pages. */
export function BottomNav({ items, label }: { items: BottomNavItem[]; label: string }) {
  const { pathname } = useLocation();
  if (items.length === 0 || isOrderPath(pathname)) return null;
  return (
    <>
      <div className={classes.spacer} aria-hidden />
      <nav className={classes.nav} aria-label={label} data-testid="bottom-nav">
        {items.map(({ key, label: itemLabel, path, icon: ItemIcon, onSelect }) => {
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
              <ItemIcon size={22} stroke={1.6} aria-hidden />
              <span className={classes.label}>{itemLabel}</span>
            </UnstyledButton>
          );
        })}
      </nav>
    </>
  );
}
