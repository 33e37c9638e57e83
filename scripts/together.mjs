// Runs npm scripts side by side and fails if any of them failed: the linter and the type checks each keep one
// core busy, so on two cores they take about half as long together as one after the other. Each one's output is
// printed whole when it has ended, under its name.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const started = Date.now();
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', '-s', name], { stdio: ['ignore', 'pipe', 'pipe'] });
        const chunks = [];
        child.stdout.on('data', (d) => chunks.push(d));
        child.stderr.on('data', (d) => chunks.push(d));
        child.on('close', (code) => {
          const output = Buffer.concat(chunks).toString();
          process.stdout.write(`> ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} after ${((Date.now() - started) / 1000).toFixed(1)} s\n${output}`);
          resolve(code);
        });
      }),
  ),
);
process.exit(results.every((code) => code === 0) ? 0 : 1);
