import { readFile } from 'node:fs/promises';
import { checkCatalogue, type CheckedCatalogue } from '~core/learning';

/** The largest export read, so a wrong URL cannot fill the memory. */
export const MAX_EXPORT_BYTES = 64 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 60_000;

async function readSource(source: string): Promise<string> {
  if (/^https?:\/\//i.test(source)) {
    const response = await fetch(source, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok)
      throw new Error(`${source} answered ${response.status} ${response.statusText}`);
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_EXPORT_BYTES)
      throw new Error(`${source} is larger than ${MAX_EXPORT_BYTES} bytes`);
    const text = await response.text();
    if (text.length > MAX_EXPORT_BYTES)
      throw new Error(`${source} is larger than ${MAX_EXPORT_BYTES} bytes`);
    return text;
  }
  return readFile(source, 'utf8');
}

/** Reads a catalogue export from a file path or an http(s) URL and checks every record. */
export async function loadCatalogue(source: string): Promise<CheckedCatalogue> {
  const text = await readSource(source);
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      exportedAt: '',
      items: [],
      certifications: [],
      problems: [{ id: 'export', reason: `is not JSON: ${reason}` }],
    };
  }
  return checkCatalogue(document);
}
