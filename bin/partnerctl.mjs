#!/usr/bin/env node
// Runs the TypeScript CLI through tsx (a runtime dependency), so `npx partnerctl` works right after `npm ci`.
import { tsImport } from 'tsx/esm/api';

await tsImport('../src/cli/partnerctl.ts', import.meta.url);
