import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * docs/architecture.md draws which server modules depend on which. This reads the modules'
 * imports and holds the drawing to them, so neither can change without the other, and keeps
 * the modules free of cycles. Tests and fixtures are left out: a test may build the data it
 * needs through any module's face.
 */
const MODULES_DIR = 'server/modules';
const CORE_DIR = 'core';
const ARCHITECTURE = 'docs/architecture.md';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .filter((entry) => !/\.test\.tsx?$|\.fixture\.ts$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

function edgesInCode(): string[] {
  const modules = readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const edges = new Set<string>();
  for (const module of modules) {
    for (const file of sourceFiles(join(MODULES_DIR, module))) {
      for (const match of readFileSync(file, 'utf8').matchAll(
        /from '~server\/modules\/([a-z-]+)/g,
      )) {
        const other = match[1];
        if (other && other !== module) edges.add(`${module} --> ${other}`);
      }
    }
  }
  return [...edges].sort();
}

/** core's areas import each other through their indexes: '../search/index.ts'. */
function coreAreaEdges(): string[] {
  const areas = readdirSync(CORE_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const edges = new Set<string>();
  for (const area of areas) {
    for (const file of sourceFiles(join(CORE_DIR, area))) {
      for (const match of readFileSync(file, 'utf8').matchAll(
        /from '(?:\.\.\/)+([a-z-]+)\/index\.ts'/g,
      )) {
        const other = match[1];
        if (other && other !== area) edges.add(`${area} --> ${other}`);
      }
    }
  }
  return [...edges].sort();
}

function edgesInDrawing(): string[] {
  const document = readFileSync(ARCHITECTURE, 'utf8');
  const drawing = [...document.matchAll(/```mermaid\n(flowchart LR\n[\s\S]*?)```/g)].map(
    (match) => match[1] ?? '',
  );
  expect(drawing, 'docs/architecture.md draws the modules as one flowchart LR').toHaveLength(1);
  return [...(drawing[0] ?? '').matchAll(/^\s*([a-z-]+) --> ([a-z-]+)\s*$/gm)]
    .map((match) => `${match[1]} --> ${match[2]}`)
    .sort();
}

function cycleIn(edges: readonly string[]): string[] | undefined {
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    const [from, to] = edge.split(' --> ') as [string, string];
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  const visit = (node: string, path: string[]): string[] | undefined => {
    if (path.includes(node)) return [...path.slice(path.indexOf(node)), node];
    for (const to of next.get(node) ?? []) {
      const cycle = visit(to, [...path, node]);
      if (cycle) return cycle;
    }
    return undefined;
  };
  for (const node of next.keys()) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('the server modules’ dependencies', () => {
  it('are the ones docs/architecture.md draws', () => {
    expect(edgesInCode()).toEqual(edgesInDrawing());
  });

  it('form no cycle', () => {
    expect(cycleIn(edgesInCode())).toBeUndefined();
  });

  it('leave core’s areas free of cycles too', () => {
    expect(coreAreaEdges().length).toBeGreaterThan(0);
    expect(cycleIn(coreAreaEdges())).toBeUndefined();
  });

  it('would report a cycle if there were one', () => {
    expect(cycleIn(['content --> search', 'search --> content'])).toEqual([
      'content',
      'search',
      'content',
    ]);
  });
});
