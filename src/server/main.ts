// The server's entry point (`npm start`, the browser tests, the benchmark): Node 24 runs the
// TypeScript sources as they are (type stripping, no loader; see docs/decisions/0010). The
// compile cache keeps the stripped and compiled modules between starts, so only the first
// start after a change pays for them; it is enabled before the server's modules are loaded.
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./server.ts');
