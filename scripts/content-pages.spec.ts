import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The information pages (client/src/content/pages/<path>/<lang>.md). The build checks their links, front
 * matter and widgets (client/vite-markdown-pages.ts); this checks what the product promises in them: the
 * Python program of the provably fair article re-derives the published vectors bit for bit, in every
 * language the article is written in, and every page is written in English and Swahili at least.
 */

interface Vector {
  playerSeed: string;
  houseSeed: string;
  houseSeedHash: string;
  cards: number[];
}

const REPO = path.join(__dirname, '..');
const PAGES = path.join(REPO, 'client', 'src', 'content', 'pages');
const ARTICLE = path.join(PAGES, 'provably-fair-blackjack');

/** `shared/` sits beside the repository (here and in CI's clone): <repo>/../shared. */
const vectors: Vector[] = JSON.parse(readFileSync(path.join(REPO, '..', 'shared', 'fixtures', 'provably-fair-vectors.json'), 'utf8'));

function pageFiles(dir: string = PAGES): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return pageFiles(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

/** The fenced ```python blocks of a Markdown file. */
function pythonBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```python[^\n]*\n([\s\S]*?)^```\s*$/gm)].map((m) => m[1]!);
}

function frontMatter(markdown: string): Record<string, string> {
  const block = /^---\n([\s\S]*?)\n---\n/.exec(markdown)?.[1] ?? '';
  return Object.fromEntries(
    block
      .split('\n')
      .map((line) => /^([a-zA-Z]+):\s*(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1]!, m[2]!.replace(/^"(.*)"$/, '$1')]),
  );
}

const languagesOf = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.md')).map((name) => name.slice(0, -3));

describe('the provably fair article', () => {
  const articles = languagesOf(ARTICLE).map((lang) => [lang, readFileSync(path.join(ARTICLE, `${lang}.md`), 'utf8')] as const);
  let workDir: string;

  beforeAll(() => {
    workDir = mkdtempSync(path.join(tmpdir(), 'bahati-article-'));
  });
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it('is written in English and Swahili at least, each language with exactly one Python program', () => {
    expect(articles.map(([lang]) => lang)).toEqual(expect.arrayContaining(['en', 'sw']));
    for (const [lang, text] of articles) expect([lang, pythonBlocks(text).length]).toEqual([lang, 1]);
  });

  // Every language's copy of the program (a translation may translate its comments) is run on every vector.
  it.each(vectors.map((v, i) => [i, v] as const))('re-derives vector %i card for card, with the house seed hash, in every language', (index, v) => {
    const suits = ['Hearts', 'Diamonds', 'Clubs', 'Spades'];
    const rank = (c: number) => ({ 1: 'A', 11: 'J', 12: 'Q', 13: 'K' })[(c % 13) + 1] ?? String((c % 13) + 1);
    const first = v.cards[0]!;
    for (const [lang, text] of articles) {
      const program = path.join(workDir, `verify_shoe_${lang}_${index}.py`);
      writeFileSync(program, pythonBlocks(text)[0]!);
      const out = execFileSync('python3', [program, v.playerSeed, v.houseSeed], { encoding: 'utf8' }).split('\n');
      expect([lang, out[0]]).toEqual([lang, `house seed hash: ${v.houseSeedHash}`]);
      expect([lang, out[1]!.startsWith('shoe: ')]).toEqual([lang, true]);
      expect([lang, JSON.parse(out[1]!.slice('shoe: '.length))]).toEqual([lang, v.cards]);
      // The article's own Mersenne Twister agrees with the one in Python's standard library.
      expect([lang, out[2]]).toEqual([lang, "same as Python's own random.shuffle: True"]);
      // The first positions are named as the table names them: rank, suit and deck of card c.
      expect([lang, out[3]]).toEqual([lang, `position 0: card ${first}, ${rank(first)} of ${suits[Math.floor((first % 52) / 13)]} (deck ${Math.floor(first / 52) + 1})`]);
    }
  });

  it('refuses a seed that is not 32 bytes of base64', () => {
    const program = path.join(workDir, 'verify_shoe_bad.py');
    writeFileSync(program, pythonBlocks(articles.find(([lang]) => lang === 'en')![1])[0]!);
    expect(() => execFileSync('python3', [program, 'c2hvcnQ=', vectors[0]!.houseSeed], { encoding: 'utf8', stdio: 'pipe' })).toThrow(/32 bytes/);
  });
});

describe('the information pages', () => {
  const folders = [...new Set(pageFiles().map((file) => path.dirname(file)))];

  it('are each written in English and Swahili', () => {
    expect(folders.length).toBeGreaterThanOrEqual(13);
    for (const folder of folders) expect([path.relative(PAGES, folder), languagesOf(folder).sort()]).toEqual([path.relative(PAGES, folder), expect.arrayContaining(['en', 'sw'])]);
  });

  it('give every blog article a date in 2023 or 2024, a summary and a picture beside it', () => {
    const posts = pageFiles(path.join(PAGES, 'bahati-blog')).filter((file) => path.dirname(file) !== path.join(PAGES, 'bahati-blog'));
    expect(new Set(posts.map((file) => path.dirname(file))).size).toBe(4);
    for (const file of posts) {
      const meta = frontMatter(readFileSync(file, 'utf8'));
      expect([file, meta.date]).toEqual([file, expect.stringMatching(/^202[34]-\d\d-\d\d$/)]);
      expect(meta.summary?.length).toBeGreaterThan(40);
      expect(existsSync(path.join(path.dirname(file), meta.image ?? 'missing'))).toBe(true);
    }
  });

  it('are real pages in English and Swahili, not stubs: at least 250 words each', () => {
    for (const file of pageFiles().filter((f) => /[\\/](en|sw)\.md$/.test(f))) {
      const words = readFileSync(file, 'utf8').replace(/^---[\s\S]*?---/, '').split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
      expect([path.relative(PAGES, file), words >= 250]).toEqual([path.relative(PAGES, file), true]);
    }
  });
});
