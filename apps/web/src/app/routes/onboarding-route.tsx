import { useNavigate } from 'react-router';
import { useUser } from '../../features/auth/api/get-user.ts';
import { useUpdateUser } from '../../features/auth/api/update-user.ts';
import { AccountSetup } from '../../features/accounts/setup/AccountSetup.tsx';
import { OnboardingPage } from '../../features/onboarding/OnboardingPage.tsx';

export function OnboardingRoute() {
  const { data: user } = useUser();
  const update = useUpdateUser();
  const navigate = useNavigate();
  return (
    <OnboardingPage
      name={user?.username ?? ''}
      AccountSetup={AccountSetup}
      onFinish={async () => {
        await update.mutateAsync({ onboarding_complete: true });
        await navigate('/app', { replace: true });
      }}
    />
  );
}
