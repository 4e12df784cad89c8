/** How a role reads in Russian wherever the back office names one (one list, in contracts). */
export { ROLE_LABELS } from '@app/contracts';
