import { Card, Text, UnstyledButton } from '@mantine/core';
import classes from './monitoring.module.css';

/** A counter; with `onOpen` the whole card is a button (the automation counters open their job list). */
export function StatCard({
  label,
  value,
  hint,
  color,
  onOpen,
}: {
  label: string;
  value: number | string;
  hint?: string;
  color?: string;
  onOpen?: () => void;
}) {
  const body = (
    <>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} c={color} lh={1.2} data-testid="stat-value">
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </>
  );
  if (!onOpen) {
    return (
      <Card withBorder padding="md" data-testid="stat-card" aria-label={`${label}: ${value}`}>
        {body}
      </Card>
    );
  }
  return (
    <UnstyledButton
      onClick={onOpen}
      className={classes.statButton}
      aria-label={`${label}: ${value}`}
      aria-haspopup="dialog"
    >
      <Card withBorder padding="md" h="100%" data-testid="stat-card">
        {body}
      </Card>
    </UnstyledButton>
  );
}
