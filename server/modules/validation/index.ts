// The validation module's public surface: what other modules may use (decision 039).

export { segmentProposal } from './segment-proposal';
export type { Tx as ValidationTx } from './segment-transaction';
export { validationBookMove } from './validation.book-move';
export { validationReaderData } from './validation.reader-data';
export { validationSql } from './validation.sql';
