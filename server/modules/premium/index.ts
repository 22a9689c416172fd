// The premium module's public surface: what other modules may use (decision 039).
export { premiumReaderData } from './premium.reader-data';
export type { PremiumService } from './premium.service';
