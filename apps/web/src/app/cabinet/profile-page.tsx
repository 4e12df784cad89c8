import { ProfilePanel } from '@/features/profile/components/profile-form';
import { PushSwitch } from '@/features/push/components/push-switch';

export function ProfilePage() {
  return (
    <ProfilePanel>
      <PushSwitch />
    </ProfilePanel>
  );
}

export { ProfilePage as Component };
