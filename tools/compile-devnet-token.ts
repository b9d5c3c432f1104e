// Compiles src/modules/devnet/DevnetToken.sol with the pinned solc npm package into DevnetToken.json
// beside it (abi and creation bytecode). `--check` compares instead of writing (the test does the same).
import fs from 'node:fs';
import { compileDevnetToken, TOKEN_JSON } from './solc.js';

const compiled = JSON.stringify(compileDevnetToken(), null, 2) + '\n';
if (process.argv.includes('--check')) {
  if (fs.readFileSync(TOKEN_JSON, 'utf8') !== compiled) {
    console.error('DevnetToken.json is not what DevnetToken.sol compiles to: run npm run token:compile');
    process.exit(1);
  }
} else fs.writeFileSync(TOKEN_JSON, compiled);
