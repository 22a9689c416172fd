import fs from 'node:fs';
import path from 'node:path';

/** An entry of Vite's build manifest (dist/client/.vite/manifest.json). */
type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/**
 * The files of a rendered page's screen: its chunk and every chunk it imports, less what
 * index.html already loads (the entry and its imports). The page lists them with the entry,
 * so that they all download together instead of each level of imports only after the
 * previous one has arrived (the build does not preload, decision 033).
 * `preloads(null)` and a build without a manifest give none.
 */
export function chunkPreloads(clientDir: string): (chunk: string | null) => readonly string[] {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return () => [];
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;

  const closure = (keys: string[]): Set<string> => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return seen;
  };
  const loaded = closure(Object.keys(manifest).filter((key) => manifest[key]?.isEntry));
  const files = new Map<string, readonly string[]>();

  return (chunk) => {
    if (chunk === null || !manifest[chunk]) return [];
    let list = files.get(chunk);
    if (list === undefined) {
      list = [...closure([chunk])]
        .filter((key) => !loaded.has(key))
        .map((key) => `/${manifest[key]?.file}`);
      files.set(chunk, list);
    }
    return list;
  };
}
