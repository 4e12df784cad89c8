import { ActionIcon, Button } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { IconBrandTelegram, IconBrandWhatsapp, IconMessageCircle, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useAppLocation } from '@/lib/navigation';
// Public config is app-wide deployment data (also read by the route guards); it has no other home yet.
import { usePublicConfig } from '@/lib/public-config';
import { BODY_FLAGS, useBodyFlagValue } from '@/lib/body-flags';
import { trackContactSupport, type SupportPlatform } from '../api/track-contact-support';
import classes from './support-widget.module.css';

/**
 * Floating support button expanding to two messenger links (spec 1, spec 2 "Other UI").
 *
 * Signals from the order form arrive as data attributes on <body> (see `@/lib/body-flags`), so this feature and
 * the order form never import each other:
 * - `data-bottom-strip="true"` (`useBodyFlag(BODY_FLAGS.bottomStrip, isStripVisible)`): the add-document strip is
 *   shown; on /order/step-* pages the widget then sits 48 px higher than above the bottom bar alone.
 * - `data-document-dropdown-open="true"` (`useBodyFlag(BODY_FLAGS.documentDropdownOpen, isOpen)`): a document
 *   dropdown is open; the widget is not rendered meanwhile.
 * - `data-order-summary-open="true"`: the price breakdown is open in the phone's bottom bar; the widget is not
 *   rendered meanwhile (it would cover the discount and the total).
 */

type Offset = 'default' | 'order-step' | 'order-step-strip' | 'bottom-nav';

const ORDER_STEP_PATH = /^\/order\/step-/;
/** Pages with the bottom navigation on phones (the cabinet layout). */
const BOTTOM_NAV_PATH = /^\/cabinet(\/|$)/;

const OFFSET_CLASS: Record<Offset, string | undefined> = {
  default: undefined,
  'bottom-nav': classes.aboveBottomNav,
  'order-step': classes.onOrderStep,
  'order-step-strip': `${classes.onOrderStep} ${classes.withStrip}`,
};

type SupportLink = { platform: SupportPlatform; label: string; href: string; color: string; icon: ReactNode };

export function SupportWidget() {
  const { pathname } = useAppLocation();
  const { data: config } = usePublicConfig();
  const hasStrip = useBodyFlagValue(BODY_FLAGS.bottomStrip);
  const isDropdownOpen = useBodyFlagValue(BODY_FLAGS.documentDropdownOpen);
  const isSummaryOpen = useBodyFlagValue(BODY_FLAGS.orderSummaryOpen);
  const [isOpen, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const rootRef = useClickOutside<HTMLDivElement>(() => setOpen(false));
  const linksId = useId();

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);

  const links: SupportLink[] = [
    {
      platform: 'telegram' as const,
      label: 'Telegram',
      href: config?.supportTelegramUrl ?? '',
      color: '#229ED9',
      icon: <IconBrandTelegram size={18} aria-hidden />,
    },
    {
      platform: 'whatsapp' as const,
      label: 'WhatsApp',
      href: config?.supportWhatsappUrl ?? '',
      color: '#25D366',
      icon: <IconBrandWhatsapp size={18} aria-hidden />,
    },
  ].filter((link) => link.href);

  if (isDropdownOpen || isSummaryOpen || links.length === 0) return null;

  const isOrderStep = ORDER_STEP_PATH.test(pathname);
  const offset: Offset = isOrderStep
    ? hasStrip
      ? 'order-step-strip'
      : 'order-step'
    : BOTTOM_NAV_PATH.test(pathname)
      ? 'bottom-nav'
      : 'default';
  const className = [classes.root, OFFSET_CLASS[offset]].filter(Boolean).join(' ');

  return (
    <div ref={rootRef} className={className} data-offset={offset} data-testid="support-widget">
      {isOpen && (
        <div id={linksId} className={classes.links}>
          {links.map((link) => (
            <Button
              key={link.platform}
              component="a"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              color={link.color}
              radius="xl"
              leftSection={link.icon}
              className={classes.link}
              onClick={() => {
                trackContactSupport(link.platform);
                setOpen(false);
              }}
            >
              {link.label}
            </Button>
          ))}
        </div>
      )}
      <ActionIcon
        ref={toggleRef}
        size={52}
        radius="xl"
        variant="filled"
        className={classes.toggle}
        aria-label={isOpen ? 'Закрыть поддержку' : 'Написать в поддержку'}
        aria-expanded={isOpen}
        aria-controls={isOpen ? linksId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {isOpen ? <IconX size={24} aria-hidden /> : <IconMessageCircle size={24} aria-hidden />}
      </ActionIcon>
    </div>
  );
}
