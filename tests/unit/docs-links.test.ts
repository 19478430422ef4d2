import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every relative link of the docs leads somewhere (issue 33 point 4): the README is a landing page
 * and the rest lives in guides under docs/, so a moved or renamed section must not leave a link
 * behind. A link to a file that does not exist, or to a heading anchor the target does not have
 * (GitHub's slugs), fails here with the file, the line and the link. Links to other sites are not
 * followed.
 */

const root = join(import.meta.dirname, '..', '..');

/** The Markdown pages a reader of the repository (or of the package) opens. */
function pages(): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
  return ['README.md', 'CHANGELOG.md', 'server/README.md', 'tests/consumers/README.md', ...docs];
}

/** The text with fenced code blocks blanked (line count kept), so nothing in them counts. */
function withoutFences(text: string): string {
  let fence: string | null = null;
  return text
    .split('\n')
    .map((line) => {
      const m = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      if (m) {
        const mark = m[1]!;
        if (fence === null) fence = mark[0]!.repeat(mark.length);
        else if (mark[0] === fence[0] && mark.length >= fence.length) fence = null;
        return '';
      }
      return fence === null ? line : '';
    })
    .join('\n');
}

/**
 * A heading's anchor as GitHub makes it: the heading's text as rendered (link targets, emphasis
 * marks and backticks gone), lower case, every character but letters, digits, marks, '_', '-' and
 * spaces removed, spaces turned into '-'.
 */
export function slug(heading: string): string {
  // Code spans keep their text as it is (only the backticks go); elsewhere links keep their text
  // and emphasis marks go ('_' only at a word's edge: MEDIA_STORE keeps its own).
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .split(/(`+[^`]*`+)/)
    .map((part) => (part.startsWith('`') ? part.replace(/`/g, '') : part.replace(/\*+|(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '')))
    .join('')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The anchors of a page's headings; a repeated one gets -1, -2 and so on, as on GitHub. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of withoutFences(markdown).split('\n')) {
    const m = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Relative links and images of a page, with their line: `[text](target)`, `![alt](target)`, `[ref]: target`. */
export function links(markdown: string): { line: number; target: string }[] {
  // Code spans are blanked too (kept as long, so that offsets still give the line).
  const text = withoutFences(markdown).replace(/(`+)[^`]*?\1/g, (s) => s.replace(/[^\n]/g, ' '));
  const found: { line: number; target: string }[] = [];
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  for (const m of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g))
    found.push({ line: lineAt(m.index), target: m[1]! });
  for (const m of text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm))
    found.push({ line: lineAt(m.index), target: m[1]! });
  return found.filter(({ target }) => !/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(target));
}

/** What is wrong with each relative link of `file` (project-relative), read through `read`. */
export function brokenLinks(file: string, read: (path: string) => string | null): string[] {
  const text = read(file);
  if (text === null) return [`${file}: cannot be read`];
  const problems: string[] = [];
  for (const { line, target } of links(text)) {
    const at = `${file}:${line}: (${target})`;
    const hash = target.indexOf('#');
    const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
    const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
    if (!pathPart && !anchor) {
      problems.push(`${at} an empty link`);
      continue;
    }
    const targetFile = pathPart ? relative(root, resolve(root, dirname(file), pathPart)) : file;
    if (targetFile.startsWith('..')) {
      problems.push(`${at} leads out of the repository`);
      continue;
    }
    const body = targetFile === file ? text : read(targetFile);
    if (body === null) {
      problems.push(`${at} no such file: ${targetFile}`);
      continue;
    }
    if (anchor === null) continue;
    if (!targetFile.endsWith('.md')) problems.push(`${at} an anchor into ${targetFile}, which is not a Markdown page`);
    else if (!anchors(body).has(anchor)) problems.push(`${at} ${targetFile} has no heading with the anchor #${anchor}`);
  }
  return problems;
}

/** A file's text, '' for a folder, null when there is nothing there. */
function readProject(path: string): string | null {
  const full = join(root, path);
  if (!existsSync(full)) return null;
  return statSync(full).isDirectory() ? '' : readFileSync(full, 'utf8');
}

describe('slugs and anchors, as GitHub makes them', () => {
  it('lower case, punctuation and backticks removed, spaces to hyphens', () => {
    expect(slug("Serving the package's files yourself")).toBe('serving-the-packages-files-yourself');
    expect(slug('`npm start`: the playground and the media-library service')).toBe(
      'npm-start-the-playground-and-the-media-library-service',
    );
    expect(slug('In an S3-compatible bucket (`MEDIA_STORE=s3`)')).toBe('in-an-s3-compatible-bucket-media_stores3');
    expect(slug('The `.airm` material file')).toBe('the-airm-material-file');
    expect(slug('Measured (2026-11-27: scenes 10:02 UTC, 5 rounds; models 11:24 UTC, 3 rounds; medians)')).toBe(
      'measured-2026-11-27-scenes-1002-utc-5-rounds-models-1124-utc-3-rounds-medians',
    );
    expect(slug('A [linked](x.md) and **bold** heading')).toBe('a-linked-and-bold-heading');
    expect(slug('The `__dash3d` _test_ hook')).toBe('the-__dash3d-test-hook');
  });

  it('repeated headings get -1, -2; headings in code blocks do not count', () => {
    const page = '# Limits\n\n## Limits\n\n```sh\n# Limits\n```\n\n### Limits #\n';
    expect([...anchors(page)]).toEqual(['limits', 'limits-1', 'limits-2']);
  });
});

describe('the links checker', () => {
  const files: Record<string, string> = {
    'docs/a.md': '# A\n\n## Two words\n\n[ok](b.md#b) [ok](#two-words) [ok](../README.md)\n[bad](#two_words)\n',
    'docs/b.md': '# B\n\n`[not a link](nowhere.md)`\n\n[bad](missing.md) ![bad](gone.png)\n\n```\n[not a link](nowhere.md)\n```\n',
    'README.md': '# Readme\n\n[bad](docs/b.md#c)\n[ok](https://example.com/x#y)\n[multi\nline](docs/a.md#a)\n',
  };
  const read = (p: string) => files[p] ?? null;

  it('names each link to a missing file or heading, with its line, and passes the others', () => {
    expect(brokenLinks('docs/a.md', read)).toEqual(['docs/a.md:6: (#two_words) docs/a.md has no heading with the anchor #two_words']);
    expect(brokenLinks('docs/b.md', read)).toEqual([
      'docs/b.md:5: (missing.md) no such file: docs/missing.md',
      'docs/b.md:5: (gone.png) no such file: docs/gone.png',
    ]);
    expect(brokenLinks('README.md', read)).toEqual(['README.md:3: (docs/b.md#c) docs/b.md has no heading with the anchor #c']);
  });
});

describe('the docs', () => {
  it('have no relative link to a missing file or heading', () => {
    const all = pages().flatMap((f) => brokenLinks(f, readProject));
    expect(all).toEqual([]);
    // The checker still finds the links (a reader that found none would pass every page).
    const count = pages().reduce((n, f) => n + links(readProject(f) ?? '').length, 0);
    expect(count).toBeGreaterThan(80);
  });

  it('include the guides the README lists', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    for (const guide of ['host-guide', 'playground', 'testing', 'architecture', 'benchmarks'])
      expect(readme, guide).toContain(`](docs/${guide}.md)`);
  });
});
