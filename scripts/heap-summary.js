// What a V8 heap snapshot holds, by kind of object: `node scripts/heap-summary.js FILE [N]`
// prints the N (30) kinds with the most bytes of their own, with how many there are, and the
// longest strings. A snapshot of a loaded portal is larger than a JavaScript string may be, so
// the file is read a line at a time (V8 writes one node per line and one string per line)
// rather than parsed whole. Only the nodes and strings are read: retained sizes need the edges
// and a dominator tree, which DevTools draws better.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

const [file, shown = '30'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/heap-summary.js FILE [N]');
  process.exit(2);
}

/** The snapshot's meta data, then its node rows and strings, one line at a time. */
async function readSnapshot(path) {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  let head = '';
  let section = 'head';
  const nodes = [];
  const strings = [];
  for await (const line of lines) {
    if (section === 'head') {
      const start = line.indexOf('"nodes":[');
      if (start === -1) {
        head += line;
        continue;
      }
      head += line.slice(0, start);
      section = 'nodes';
      nodes.push(line.slice(start + '"nodes":['.length));
    } else if (section === 'nodes') {
      if (line.startsWith(']')) section = 'skip';
      else nodes.push(line.replace(/^,/, ''));
    } else if (section === 'skip') {
      const start = line.indexOf('"strings":[');
      if (start !== -1) {
        section = 'strings';
        const first = line.slice(start + '"strings":['.length);
        if (first) strings.push(JSON.parse(first.replace(/,$/, '')));
      }
    } else {
      const last = line.endsWith(']}');
      strings.push(JSON.parse(last ? line.slice(0, -2) : line.replace(/,$/, '')));
      if (last) break;
    }
  }
  const meta = JSON.parse(`${head.replace(/,\s*$/, '')}}`).snapshot.meta;
  return { meta, nodes, strings };
}

const { meta, nodes, strings } = await readSnapshot(file);
const field = (name) => meta.node_fields.indexOf(name);
const [TYPE, NAME, SIZE] = [field('type'), field('name'), field('self_size')];
const types = meta.node_types[TYPE];
const kinds = new Map();
const longStrings = [];
let total = 0;
for (const row of nodes) {
  if (!row) continue;
  const values = row.split(',').map(Number);
  const type = types[values[TYPE]];
  const size = values[SIZE];
  const text = strings[values[NAME]] ?? '';
  const kind = type === 'object' || type === 'closure' ? `${type} ${text}` : type;
  const entry = kinds.get(kind) ?? { count: 0, bytes: 0 };
  entry.count += 1;
  entry.bytes += size;
  kinds.set(kind, entry);
  total += size;
  if (type === 'string' && size > 64 * 1024) longStrings.push({ size, text: text.slice(0, 80) });
}
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
console.log(`${mb(total)} MB in ${nodes.length} objects`);
for (const [kind, { count, bytes }] of [...kinds]
  .sort((a, b) => b[1].bytes - a[1].bytes)
  .slice(0, Number(shown))) {
  console.log(`${mb(bytes).padStart(8)} MB ${String(count).padStart(9)}  ${kind}`);
}
longStrings.sort((a, b) => b.size - a.size);
for (const { size, text } of longStrings.slice(0, 10)) {
  console.log(`${mb(size).padStart(8)} MB  string ${JSON.stringify(text)}`);
}
