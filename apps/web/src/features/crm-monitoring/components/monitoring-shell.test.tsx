import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { renderInCabinet } from '@/test/render';
import { MonitoringShell } from './monitoring-shell';

function renderAs(role: 'ADMIN' | 'MANAGER') {
  window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
  window.localStorage.setItem(STORAGE_KEYS.crmRole, role);
  renderInCabinet(
    <MonitoringShell activePath="/crm/monitoring">
      <div />
    </MonitoringShell>,
  );
}

describe('monitoring tabs', () => {
  it('shows ADMIN the three tabs', () => {
    renderAs('ADMIN');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Заказы',
      'Автоматизация',
      'Периодические задачи',
    ]);
    expect(screen.getByRole('tab', { name: 'Заказы' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows MANAGER the Orders tab only (automation and periodic tasks are ADMIN-only)', () => {
    renderAs('MANAGER');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Заказы']);
  });
});
