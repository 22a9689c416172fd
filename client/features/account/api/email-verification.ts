import { useMutation, useQuery } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../domain/api.schemas';
import type { EmailVerificationStatus } from '../../../../domain/email-verification.schemas';
import { apiRequest } from '../../../lib/api-client';

const key = ['account', 'email-verification'] as const;

/** Has the reader confirmed their address (the link mailed at sign-up)? */
export const useEmailVerification = () =>
  useQuery({
    queryKey: key,
    queryFn: () => apiRequest<EmailVerificationStatus>('/api/account/email-verification'),
  });

/** Mails a new confirmation link (the server limits how often). */
export const useResendVerification = () =>
  useMutation({
    mutationFn: () =>
      apiRequest<MessageResponse>('/api/account/email-verification', { method: 'POST' }),
  });
