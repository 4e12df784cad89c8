import { Stack, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { getMonitoringTabs } from '../model/tabs';
import { useCrmRole } from '@/lib/session/use-crm-role';

/** The monitoring page: its title and the tabs the role may open (each tab is its own URL). */
export function MonitoringShell({ activePath, children }: { activePath: string; children: ReactNode }) {
  const navigate = useNavigate();
  const tabs = getMonitoringTabs(useCrmRole());
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Мониторинг
      </Title>
      <Tabs value={activePath} onChange={(value) => value && void navigate(value)}>
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.path} value={tab.path}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {children}
    </Stack>
  );
}
