// The audit module's public surface: what other modules may use (decision 039).
export { auditReaderData } from './audit.reader-data';
export { recordAdminAction } from './record';
