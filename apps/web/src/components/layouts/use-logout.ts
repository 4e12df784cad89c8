import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { sessionActions } from '@/lib/session/session-store';

/** Signs out (server logout, credentials cleared) and goes to the area's login page. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const logout = useCallback(async () => {
    setIsLoggingOut(true);
    try {
      const target = await sessionActions.logout();
      queryClient.clear();
      await navigate(target, { replace: true });
    } finally {
      setIsLoggingOut(false);
    }
  }, [navigate, queryClient]);
  return { logout, isLoggingOut };
}
