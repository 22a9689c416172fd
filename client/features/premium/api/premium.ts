import { useMutation, useQuery } from '@tanstack/react-query';
import type { PremiumPlan } from '../../../../domain/premium';
import type { PremiumOffer, PremiumState } from '../../../../domain/premium.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The premium feature's query keys; the account feature reads the reader's state too. */
export const premiumKeys = { offer: ['premium-offer'] as const, me: queryKeys.premiumMe };

export const usePremiumOffer = () =>
  useQuery({
    queryKey: premiumKeys.offer,
    queryFn: () => apiRequest<PremiumOffer>('/api/premium/offer'),
  });

/** The signed-in reader's premium, from Stripe's records (`enabled` only when signed in). */
export const usePremiumState = (enabled: boolean) =>
  useQuery({
    queryKey: premiumKeys.me,
    queryFn: () => apiRequest<PremiumState>('/api/premium/me'),
    enabled,
  });

/** Asks for the plan's Stripe payment link, prefilled for this reader. */
export const useCheckout = () =>
  useMutation({
    mutationFn: (plan: PremiumPlan) =>
      apiRequest<{ url: string }>('/api/premium/checkout', { method: 'POST', body: { plan } }),
  });
