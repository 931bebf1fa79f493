import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifyError } from '../components/notify.ts';
import { useAuth } from './auth-context.tsx';

/** Logout, from any page: the session ends and the user lands on Home. */
export function useLogOut(): () => void {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(() => {
    navigate('/');
    signOut().catch((error: unknown) => notifyError(error));
  }, [navigate, signOut]);
}
