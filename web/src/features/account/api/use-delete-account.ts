/**
 * "Delete my account": DELETE /api/me with the account's e-mail typed again and the choice for reviews and recaps.
 * The server answers 202 and a worker removes everything within seconds; from then on the account's tokens are
 * refused, so the caller signs the person out at once.
 */
import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '#shared/schemas/account-deletion';
import { usersArea } from '../../../lib/api-areas/users.ts';
import { useApi } from '../../../lib/use-api.ts';

export function useDeleteAccount() {
  const api = useApi(usersArea);
  return useMutation({ mutationFn: (body: DeleteAccountBody) => api('deleteMe', { body }) });
}
