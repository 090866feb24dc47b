import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readContentDirectory, splitFrontMatter } from './content-files.ts';

describe('front matter', () => {
  it('splits the YAML block from the body', () => {
    expect(splitFrontMatter('---\ntitle: A\n---\n\nBody text\n')).toEqual({
      yaml: 'title: A\n',
      body: 'Body text',
    });
  });

  it('reads Windows line endings and a byte order mark', () => {
    expect(splitFrontMatter('\uFEFF---\r\ntitle: A\r\n---\r\nBody\r\n')).toEqual({
      yaml: 'title: A\n',
      body: 'Body',
    });
  });

  it('allows an empty body', () => {
    expect(splitFrontMatter('---\ntitle: A\n---')).toEqual({ yaml: 'title: A\n', body: '' });
  });

  it('needs the block at the start and closed', () => {
    expect(splitFrontMatter('title: A\n---\n')).toEqual({
      error: 'must start with a front matter block opened by a line "---"',
    });
    expect(splitFrontMatter('---\ntitle: A\nBody')).toEqual({
      error: 'has a front matter block that is never closed by a line "---"',
    });
    expect(splitFrontMatter('---\ntitle: A\n----\nBody')).toEqual({
      error: 'has a front matter block that is never closed by a line "---"',
    });
  });
});

describe('reading a content folder', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'content-read-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reports missing catalogue and topic files', async () => {
    const { issues } = await readContentDirectory(dir);
    expect(issues).toEqual([
      { path: join(dir, 'catalogue.yaml'), field: '(file)', reason: 'is missing' },
      { path: join(dir, 'topics.yaml'), field: '(file)', reason: 'is missing' },
    ]);
  });

  it('reports files of the wrong kind or place, and skips hidden ones', async () => {
    await writeFile(join(dir, 'catalogue.yaml'), 'products: [');
    await writeFile(join(dir, 'topics.yaml'), '[]');
    await mkdir(join(dir, 'glossary/old'), { recursive: true });
    await mkdir(join(dir, 'media/screens'), { recursive: true });
    await writeFile(join(dir, 'glossary/notes.txt'), 'x');
    await writeFile(join(dir, 'glossary/old/a.md'), '---\nslug: a\n---\n');
    await writeFile(join(dir, 'glossary/.DS_Store'), 'x');
    await writeFile(join(dir, 'media/screens/a.png'), 'x');
    await writeFile(join(dir, 'media/b.png'), 'x');

    const { source, issues } = await readContentDirectory(dir);

    expect(issues).toEqual([
      {
        path: join(dir, 'catalogue.yaml'),
        field: '(file)',
        reason: expect.stringMatching(/^is not valid YAML: /),
      },
      {
        path: join(dir, 'glossary/notes.txt'),
        field: '(file)',
        reason: 'is not a Markdown (.md) file',
      },
      {
        path: join(dir, 'glossary/old/a.md'),
        field: '(file)',
        reason: 'must be directly in glossary/, not in a subfolder',
      },
      {
        path: join(dir, 'media/screens/a.png'),
        field: '(file)',
        reason: 'must be directly in media/, not in a subfolder',
      },
    ]);
    expect(source.media.map((file) => file.fileName)).toEqual(['b.png']);
    expect(source.topics?.data).toEqual([]);
  });

  it('reads articles in topic folders and keeps their path inside the folder', async () => {
    await mkdir(join(dir, 'articles/banking'), { recursive: true });
    await writeFile(
      join(dir, 'articles/banking/a.md'),
      '---\nurlName: a\ncreated: 2025-01-02\n---\nText',
    );
    const { source } = await readContentDirectory(dir);
    expect(source.items.articles).toEqual([
      {
        path: join(dir, 'articles/banking/a.md'),
        sourcePath: 'articles/banking/a.md',
        name: 'a',
        // Dates stay text: the YAML core schema has no timestamps.
        frontMatter: { urlName: 'a', created: '2025-01-02' },
        body: 'Text',
      },
    ]);
  });

  it('refuses a front matter key written twice', async () => {
    await mkdir(join(dir, 'apps'), { recursive: true });
    await writeFile(join(dir, 'apps/a.md'), '---\nslug: a\nslug: b\n---\nText');
    const { issues } = await readContentDirectory(dir);
    expect(issues).toContainEqual({
      path: join(dir, 'apps/a.md'),
      field: '(front matter)',
      reason: expect.stringMatching(/^is not valid YAML: Map keys must be unique/),
    });
  });
});
