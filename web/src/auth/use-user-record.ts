import { useQuery } from '@tanstack/react-query';
import { getUser } from '../api/endpoints.ts';
import { useAuth } from './auth-context.tsx';

/** The signed-in user's record from the API; the role comes from here. */
export function useUserRecord() {
  const { status, user } = useAuth();
  const email = user?.email ?? '';
  return useQuery({
    queryKey: ['user', email],
    queryFn: () => getUser(email),
    enabled: status === 'signed-in' && email !== '',
  });
}
