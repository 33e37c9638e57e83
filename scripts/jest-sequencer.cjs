/* eslint-disable @typescript-eslint/no-require-imports -- a Jest sequencer is a CommonJS module */
/*
 * Longest files first, so the two workers finish together instead of one running a long walk alone at the end.
 * Jest does this itself from its cache of the last run's durations; on a fresh clone (CI) it has none and falls
 * back to file size, which puts short files with long walks (fit, routes) last. There, the durations measured in
 * CI (scripts/test-durations.json, milliseconds by path from the repository root) stand in for the cache.
 * Refresh them from a CI log: `node scripts/test-durations.mjs < ci.log > scripts/test-durations.json`.
 */
const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const measured = require('./test-durations.json');

/** A file jest printed no time for ran in under five seconds. */
const UNMEASURED_MS = 3000;

class LongestFirst extends Sequencer {
  time(test) {
    return super.time(test) ?? measured[relative(test.context.config.rootDir, test.path)] ?? UNMEASURED_MS;
  }
}

module.exports = LongestFirst;
