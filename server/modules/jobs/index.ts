// The jobs module's public surface: what other modules may use (decision 039).
export type { JobHandler, JobQueue, ScheduledJob } from './jobs.worker';
export { PARIS } from './schedule-instant';
