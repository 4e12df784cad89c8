import { Badge } from '@mantine/core';
import { TASK_STATUS_COLORS, TASK_STATUS_LABELS, type TaskDisplayStatus } from '../model/task-status';

export function TaskStatusBadge({ status }: { status: TaskDisplayStatus }) {
  return (
    <Badge color={TASK_STATUS_COLORS[status]} variant="light" data-testid="task-status" data-status={status}>
      {TASK_STATUS_LABELS[status]}
    </Badge>
  );
}
