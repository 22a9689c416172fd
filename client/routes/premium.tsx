import { premiumMessages as m } from '../../domain/messages/premium';
import { QueryProvider } from '../app/query-provider';
import { PremiumScreen } from '../features/premium/components/premium-screen';
import { usePageMeta } from '../lib/use-page-meta';

/** /premium: the offers, for everyone (buying signs in first). */
export function PremiumPage() {
  usePageMeta({ title: m.documentTitle, description: m.lead });
  return (
    <QueryProvider>
      <PremiumScreen />
    </QueryProvider>
  );
}
