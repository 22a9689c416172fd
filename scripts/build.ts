import { build } from 'vite';

// The browser's build, then the server's render of public pages (decision 030), in one
// process so both carry the same build instant (the footer shows it on every page).
process.env.LISONS_BUILD_TIME ??= new Date().toISOString();
await build();
await build({ build: { ssr: 'entry-server.tsx' }, logLevel: 'warn' });
