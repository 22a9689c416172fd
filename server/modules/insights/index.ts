// The insights module's public surface: what other modules may use (decision 039).
export { insightsReaderData } from './insights.reader-data';
