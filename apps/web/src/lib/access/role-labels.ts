import type { Role } from '@app/contracts';

/** How a role reads in Russian wherever the back office names one (the users list, the partner's linked user). */
export const ROLE_LABELS: Record<Role, string> = {
  USER: 'Клиент',
  ADMIN: 'Администратор',
  MANAGER: 'Менеджер',
  PARTNER: 'Партнёр',
};
