// The reminders module's public surface: what other modules may use (decision 039).
export { remindersReaderData } from './reminders.reader-data';
