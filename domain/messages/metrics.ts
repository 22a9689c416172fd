// The /metrics endpoint's refusal (docs/decisions/023-metrics.md): read by an operator's
// scraper, never by a reader.
export const metricsMessages = {
  tokenRequired: 'Jeton de métriques manquant ou invalide.',
} as const;
