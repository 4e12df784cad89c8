import { Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { SupportWidget } from '@/features/support-widget/components/support-widget';
import { BrandLink } from '@/components/layouts/brand-link';
import { Staged } from '@/lib/staged-render';
import classes from './public-layout.module.css';

/** Simple header + content for public pages (order steps, info pages). */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <header className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between">
            <BrandLink to="/order/step-1" />
          </Group>
        </Container>
      </header>
      <main className={classes.main}>
        <Container size="lg" py="md">
          {children}
        </Container>
      </main>
      <Staged>
        <SupportWidget />
      </Staged>
    </>
  );
}
