// Converts the Frappe Books documentation (github.com/frappe/books_docs, MIT licence) into the
// portal's content format, for the search evaluation (bench/eval-search.ts). Each page's
// introduction becomes an article titled as the page, and each of its level-2 sections an
// article titled 'Page: Section', the way a help centre splits a manual into one task per
// article. Images are left out (media are not part of the evaluation) and links keep their text.
//
//   git --git-dir=PATH/books_docs archive HEAD docs | tar -x -C /tmp/books
//   npx tsx bench/frappe-books-corpus.ts /tmp/books/docs eval/search/frappe-books/content
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';

const DATE = '2024-06-01';
// An introduction shorter than this only leads into its sections: it is no article of its own.
const MIN_INTRODUCTION_WORDS = 25;

const TOPICS: Record<string, { name: string; description: string }> = {
  'setting-up': { name: 'Setting up', description: 'Create your company and its first entries.' },
  basics: { name: 'Basics', description: 'Accounting basics and the parts of the app.' },
  entries: { name: 'Entries', description: 'Parties, items, taxes and price lists.' },
  transactions: {
    name: 'Transactions',
    description: 'Invoices, payments, journal entries and discounts.',
  },
  inventory: { name: 'Inventory', description: 'Stock, receipts, shipments, batches and serials.' },
  analytics: { name: 'Reports', description: 'The dashboard and the financial reports.' },
  miscellaneous: {
    name: 'Settings and tools',
    description: 'Settings, printing, import, search and customisation.',
  },
};

export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Markdown as the portal renders it: no VitePress blocks, images or site links. */
export function portalMarkdown(text: string): string {
  return text
    .replace(/^::: ?\w+ ?(.*)$/gm, (_line, title: string) => (title ? `**${title.trim()}**` : ''))
    .replace(/^:::\s*$/gm, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^### /gm, '## ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function summaryOf(body: string, fallback: string): string {
  const paragraph = body
    .split(/\n\s*\n/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .find((part) => /^[A-Za-z]/.test(part) && !part.startsWith('**'));
  const sentence = paragraph?.match(/^.*?[.!?](\s|$)/)?.[0]?.trim() ?? paragraph ?? fallback;
  return sentence.length <= 300 ? sentence : `${sentence.slice(0, 297)}…`;
}

interface Article {
  urlName: string;
  title: string;
  topic: string;
  body: string;
}

export function articlesOfPage(topic: string, text: string): Article[] {
  const title = text.match(/^# (.+)$/m)?.[1]?.trim();
  if (title === undefined) return [];
  const [introduction = '', ...sections] = text.replace(/^# .+$/m, '').split(/^## /m);
  const articles: Article[] = [];
  const intro = portalMarkdown(introduction);
  if (sections.length === 0 || intro.split(/\s+/).length >= MIN_INTRODUCTION_WORDS) {
    articles.push({ urlName: slugOf(title), title, topic, body: intro });
  }
  for (const section of sections) {
    const [heading = '', ...lines] = section.split('\n');
    const body = portalMarkdown(lines.join('\n'));
    if (body.length === 0) continue;
    articles.push({
      urlName: `${slugOf(title)}-${slugOf(heading)}`,
      title: `${title}: ${heading.trim()}`,
      topic,
      body,
    });
  }
  return articles.filter((article) => article.body.split(/\s+/).length >= 5);
}

async function main() {
  const [source, target] = process.argv.slice(2);
  if (source === undefined || target === undefined) {
    throw new Error('usage: frappe-books-corpus.ts DOCS_DIR CONTENT_DIR');
  }
  await rm(target, { recursive: true, force: true });
  const articles: Article[] = [];
  for (const topic of Object.keys(TOPICS)) {
    for (const file of (await readdir(join(source, topic))).sort()) {
      if (!file.endsWith('.md')) continue;
      const text = await readFile(join(source, topic, file), 'utf8');
      articles.push(...articlesOfPage(topic, text));
    }
  }
  for (const article of articles) {
    const frontMatter = {
      urlName: article.urlName,
      title: article.title,
      summary: summaryOf(article.body, article.title),
      products: ['books'],
      audiences: ['small-business'],
      topics: [article.topic],
      team: 'Documentation',
      created: DATE,
      updated: DATE,
    };
    await mkdir(join(target, 'articles', article.topic), { recursive: true });
    await writeFile(
      join(target, 'articles', article.topic, `${article.urlName}.md`),
      `---\n${stringify(frontMatter)}---\n\n${article.body}\n`,
    );
  }
  await writeFile(
    join(target, 'catalogue.yaml'),
    stringify({
      products: [{ key: 'books', name: 'Frappe Books' }],
      audiences: [{ key: 'small-business', name: 'small businesses' }],
    }),
  );
  await writeFile(
    join(target, 'topics.yaml'),
    stringify(Object.entries(TOPICS).map(([slug, topic]) => ({ slug, ...topic }))),
  );
  console.log(`${articles.length} articles written to ${target}`);
}

if (process.argv[1]?.endsWith('frappe-books-corpus.ts')) await main();
