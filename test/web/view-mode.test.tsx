import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../../shared/roles.ts';
import { AuthContext } from '../../web/src/lib/auth/auth-context.ts';
import { defaultViewMode, useViewMode, ViewModeProvider } from '../../web/src/app/navigation/view-mode.tsx';
import { meQueryKey } from '../../web/src/lib/use-me.ts';
import { fakeAuth, signedInAs } from './render-app.tsx';

function wrapperFor(role: Role | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const { auth, profile } = role ? signedInAs(role) : { auth: fakeAuth(), profile: undefined };
  if (profile && auth.user) queryClient.setQueryData(meQueryKey(auth.user.id), profile);
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <AuthContext.Provider value={auth}>
          <ViewModeProvider>{children}</ViewModeProvider>
        </AuthContext.Provider>
      </QueryClientProvider>
    );
  };
}

describe('view mode', () => {
  it('throws the exact message when useViewMode is used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useViewMode())).toThrow('useViewMode must be used within a ViewModeProvider');
  });

  it.each([
    ['superadmin', 'super_admin'],
    ['admin', 'organizer'],
    ['organizer', 'organizer'],
    ['athlete', 'athlete'],
    [null, 'athlete'],
  ] as const)('starts %s in %s view', (role, expected) => {
    expect(defaultViewMode(role)).toBe(expected);
    const { result } = renderHook(() => useViewMode(), { wrapper: wrapperFor(role) });
    expect(result.current.viewMode).toBe(expected);
  });

  it('lets only roles with several views toggle', () => {
    expect(renderHook(() => useViewMode(), { wrapper: wrapperFor('athlete') }).result.current.canToggle).toBe(false);
    expect(renderHook(() => useViewMode(), { wrapper: wrapperFor(null) }).result.current.canToggle).toBe(false);
    expect(renderHook(() => useViewMode(), { wrapper: wrapperFor('organizer') }).result.current.allowedModes).toEqual(['athlete', 'organizer']);
    expect(renderHook(() => useViewMode(), { wrapper: wrapperFor('superadmin') }).result.current.allowedModes).toEqual([
      'athlete',
      'organizer',
      'super_admin',
    ]);
  });

  it('refuses super admin view to an admin with a warning only', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = renderHook(() => useViewMode(), { wrapper: wrapperFor('admin') });
    let accepted = true;
    act(() => {
      accepted = result.current.setViewMode('super_admin');
    });
    expect(accepted).toBe(false);
    expect(result.current.viewMode).toBe('organizer');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
  });

  it('refuses organizer view to an athlete', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = renderHook(() => useViewMode(), { wrapper: wrapperFor('athlete') });
    act(() => {
      result.current.setViewMode('organizer');
    });
    expect(result.current.viewMode).toBe('athlete');
  });

  it('stores an allowed switch under the user id', () => {
    const { result } = renderHook(() => useViewMode(), { wrapper: wrapperFor('superadmin') });
    act(() => {
      result.current.setViewMode('athlete');
    });
    expect(result.current.viewMode).toBe('athlete');
    expect(localStorage.getItem('racefinder.viewMode.user-superadmin')).toBe('athlete');
  });
});
