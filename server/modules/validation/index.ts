// The validation module's public surface: what other modules may use (decision 039).
export { validationReaderData } from './validation.reader-data';
