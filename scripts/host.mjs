// `npm run node -- --conf <file>`: builds the headless host when its sources changed since the last
// build (scripts/hostBuild.mjs), then runs dist-host/main.js in this process, so the PID is the host's.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureHostBuild, HOST_MAIN } from './hostBuild.mjs';

if (await ensureHostBuild()) console.error(`built ${HOST_MAIN}`);
await import(pathToFileURL(resolve(HOST_MAIN)).href);
