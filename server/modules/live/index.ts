// The live module's public surface: what other modules may use (decision 039).
export { publishLive, publishLiveEach } from './live.publish';
export { liveReaderData } from './live.reader-data';
