// After tsc (npm run build): the files the compiled service reads at run time besides its JavaScript —
// each module's schema.graphql and the common SDL — copied beside it in dist/, in the same layout as src/.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const copy = (rel) => {
  fs.mkdirSync(path.dirname(path.join(root, 'dist', rel)), { recursive: true });
  fs.copyFileSync(path.join(root, 'src', rel), path.join(root, 'dist', rel));
};
copy('graphql/common.graphql');
for (const area of fs.readdirSync(path.join(root, 'src', 'modules'))) {
  const rel = path.join('modules', area, 'schema.graphql');
  if (fs.existsSync(path.join(root, 'src', rel))) copy(rel);
}
copy('core/codes.json');
