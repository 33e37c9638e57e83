// Removes compiled files whose source is gone from contracts/dist and server/dist before `tsc -b`: a file
// moved into a folder of the same name (ports/read-models.ts → ports/read-models/) would otherwise leave its
// old .js behind, and Node resolves `./read-models` to that stale file before the folder's index.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const COMPILED = /\.(js|js\.map|d\.ts|d\.ts\.map)$/;

function prune(dist, src) {
  if (!existsSync(dist)) return;
  for (const entry of readdirSync(dist, { withFileTypes: true })) {
    const built = join(dist, entry.name);
    if (entry.isDirectory()) {
      if (existsSync(join(src, entry.name))) prune(built, join(src, entry.name));
      else rmSync(built, { recursive: true, force: true });
    } else if (COMPILED.test(entry.name)) {
      const stem = entry.name.replace(COMPILED, '');
      if (!existsSync(join(src, `${stem}.ts`))) rmSync(built, { force: true });
    }
  }
}

for (const workspace of ['contracts', 'server']) prune(join(workspace, 'dist'), join(workspace, 'src'));
