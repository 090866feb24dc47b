import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';

/** A problem with one content file: where, which field, and why. */
export interface ContentIssue {
  path: string;
  field: string;
  reason: string;
}

export type ItemKind = 'articles' | 'guides' | 'glossary' | 'apps' | 'pages';
export const ITEM_KINDS: readonly ItemKind[] = ['articles', 'guides', 'glossary', 'apps', 'pages'];

/** A Markdown file as read: its path for reports, its parsed front matter, and its body. */
export interface MarkdownFile {
  path: string;
  /** The path inside the content folder, with forward slashes: stored with the item. */
  sourcePath: string;
  /** The file name without `.md`, which must equal the item's slug or url name. */
  name: string;
  frontMatter: unknown;
  body: string;
}

export interface MediaSource {
  path: string;
  fileName: string;
  bytes: Buffer;
}

export interface ContentSource {
  catalogue?: { path: string; data: unknown };
  topics?: { path: string; data: unknown };
  items: Record<ItemKind, MarkdownFile[]>;
  media: MediaSource[];
}

const WHOLE_FILE = '(file)';
const FRONT_MATTER = '(front matter)';

function isHidden(name: string): boolean {
  return name.startsWith('.');
}

async function filesUnder(directory: string): Promise<string[] | undefined> {
  try {
    const entries = await readdir(directory, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((path) => !relative(directory, path).split(sep).some(isHidden))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function yamlIssue(path: string, field: string, error: unknown): ContentIssue {
  const reason =
    error instanceof YAMLParseError
      ? `is not valid YAML: ${error.message.split('\n', 1)[0] ?? ''}`
      : `could not be read: ${error instanceof Error ? error.message : String(error)}`;
  return { path, field, reason };
}

/** Splits `---\n<yaml>\n---\n<body>`; the front matter must open the file. */
export function splitFrontMatter(text: string): { yaml: string; body: string } | { error: string } {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!normalised.startsWith('---\n')) {
    return { error: 'must start with a front matter block opened by a line "---"' };
  }
  const end = normalised.indexOf('\n---', 3);
  const afterEnd = end === -1 ? -1 : end + '\n---'.length;
  if (end === -1 || (afterEnd < normalised.length && normalised[afterEnd] !== '\n')) {
    return { error: 'has a front matter block that is never closed by a line "---"' };
  }
  return { yaml: normalised.slice(4, end + 1), body: normalised.slice(afterEnd + 1).trim() };
}

async function readMarkdown(
  path: string,
  shownPath: string,
  sourcePath: string,
  issues: ContentIssue[],
): Promise<MarkdownFile | undefined> {
  const name = shownPath.split(/[\\/]/).at(-1)?.replace(/\.md$/, '') ?? '';
  return parseMarkdown(await readFile(path, 'utf8'), { shownPath, sourcePath, name }, issues);
}

/** A Markdown file's text as a file of the folder; its issues are reported, not thrown. */
export function parseMarkdown(
  text: string,
  { shownPath, sourcePath, name }: { shownPath: string; sourcePath: string; name?: string },
  issues: ContentIssue[],
): MarkdownFile | undefined {
  const split = splitFrontMatter(text);
  if ('error' in split) {
    issues.push({ path: shownPath, field: FRONT_MATTER, reason: split.error });
    return undefined;
  }
  let frontMatter: unknown;
  try {
    frontMatter = parseYaml(split.yaml, { schema: 'core', uniqueKeys: true });
  } catch (error) {
    issues.push(yamlIssue(shownPath, FRONT_MATTER, error));
    return undefined;
  }
  // Without a file name (a pasted file), the name is the one the front matter gives itself.
  const named = (frontMatter as { urlName?: unknown } | null)?.urlName;
  const fileName = name ?? (typeof named === 'string' ? named : '');
  return { path: shownPath, sourcePath, name: fileName, frontMatter, body: split.body };
}

async function readYamlFile(
  directory: string,
  fileName: string,
  issues: ContentIssue[],
): Promise<{ path: string; data: unknown } | undefined> {
  const path = join(directory, fileName);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      issues.push({ path, field: WHOLE_FILE, reason: 'is missing' });
      return undefined;
    }
    throw error;
  }
  try {
    return { path, data: parseYaml(text, { schema: 'core', uniqueKeys: true }) };
  } catch (error) {
    issues.push(yamlIssue(path, WHOLE_FILE, error));
    return undefined;
  }
}

/**
 * Reads a content folder (docs/content-format.md). Files that cannot be parsed are reported
 * in `issues` and left out; checking what they say is the validator's job.
 */
export async function readContentDirectory(
  directory: string,
): Promise<{ source: ContentSource; issues: ContentIssue[] }> {
  const issues: ContentIssue[] = [];
  const catalogue = await readYamlFile(directory, 'catalogue.yaml', issues);
  const topics = await readYamlFile(directory, 'topics.yaml', issues);
  const items = {} as Record<ItemKind, MarkdownFile[]>;
  for (const kind of ITEM_KINDS) {
    const folder = join(directory, kind);
    const files = (await filesUnder(folder)) ?? [];
    items[kind] = [];
    for (const file of files) {
      const shownPath = join(directory, relative(directory, file));
      if (!file.endsWith('.md')) {
        issues.push({ path: shownPath, field: WHOLE_FILE, reason: 'is not a Markdown (.md) file' });
        continue;
      }
      if (kind !== 'articles' && relative(folder, file).includes(sep)) {
        issues.push({
          path: shownPath,
          field: WHOLE_FILE,
          reason: `must be directly in ${kind}/, not in a subfolder`,
        });
        continue;
      }
      const sourcePath = relative(directory, file).split(sep).join('/');
      const markdown = await readMarkdown(file, shownPath, sourcePath, issues);
      if (markdown) items[kind].push(markdown);
    }
  }
  const mediaFolder = join(directory, 'media');
  const media: MediaSource[] = [];
  for (const file of (await filesUnder(mediaFolder)) ?? []) {
    const fileName = relative(mediaFolder, file);
    const shownPath = join(directory, 'media', fileName);
    if (fileName.includes(sep)) {
      issues.push({
        path: shownPath,
        field: WHOLE_FILE,
        reason: 'must be directly in media/, not in a subfolder',
      });
      continue;
    }
    media.push({ path: shownPath, fileName, bytes: await readFile(file) });
  }
  return {
    source: {
      ...(catalogue ? { catalogue } : {}),
      ...(topics ? { topics } : {}),
      items,
      media,
    },
    issues,
  };
}
