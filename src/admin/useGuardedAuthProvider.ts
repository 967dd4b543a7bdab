// react-admin sends a signed-out visitor away through useLogout, which pushes /login a tick later and then
// clears its caches; the cleared auth query re-mounts its logout-on-mount guard before the push lands, so
// /login was pushed again and again and Back could never leave. Here the guard's logout replaces the
// current entry with /login at once and tells react-admin not to navigate (it only clears its state).
import { useMemo } from 'react';
import type { AuthProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';

export function useGuardedAuthProvider(base: AuthProvider): AuthProvider {
  const navigate = useNavigate();
  return useMemo(
    () => ({
      ...base,
      async logout(params: unknown) {
        await base.logout(params);
        navigate('/login', { replace: true });
        return false;
      },
    }),
    [base, navigate],
  );
}
