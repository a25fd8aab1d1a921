// Entry of a simulation worker thread. Worker threads do not inherit the tsx hooks the CLI
// registered in code (bin/bughunt.js), so this plain-JS entry registers tsx the same way and then
// loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
