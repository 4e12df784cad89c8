import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { AdminPageHeader } from '@/components/admin-list';
import { CouponBatchApprovals } from './coupon-batch-approvals';
import { PortalPartners } from './portal-partners';
import { ProgrammeSettings } from './programme-settings-form';

/** /crm/partner-program (ADMIN): the programme's settings and its partners (decision 060). */
export function PartnerProgramPage() {
  return (
    <Stack gap="lg">
      <AdminPageHeader title="Партнёрская программа" />
      <Anchor component={Link} to="/crm/partner-program/applications" size="sm">
        Заявки в партнёрскую программу
      </Anchor>
      <ProgrammeSettings />
      <CouponBatchApprovals />
      <PortalPartners />
    </Stack>
  );
}
