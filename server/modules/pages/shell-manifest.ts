import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  type ShellManifest,
  shellManifestFile,
  shellManifestSchema,
} from '../../../domain/shell-manifest';

/**
 * The client build's shell manifest (domain/shell-manifest.ts, decision 037), read once at
 * start-up. A build that renders pages has one: a missing or malformed manifest (an older
 * or interrupted build) stops start-up, naming the file and the command that writes it.
 */
export function readShellManifest(clientDir: string): ShellManifest {
  const file = path.join(clientDir, shellManifestFile);
  const rebuild = 'run npm run build to write it';
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(`shell manifest missing: ${file} (${rebuild})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`shell manifest malformed: ${file} is not JSON, ${error} (${rebuild})`);
  }
  const parsed = shellManifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(
      `shell manifest malformed: ${file}\n${z.prettifyError(parsed.error)}\n(${rebuild})`,
    );
  }
  return parsed.data;
}

/**
 * The shell manifest of the client built in `clientDir`, null when the client is not built
 * (no index.html: development, most tests). Read once by the app: the CSP's inline scripts
 * (server/plugins/security.ts) and the rendered pages' documents come from it.
 */
export function builtShellManifest(clientDir: string): ShellManifest | null {
  return fs.existsSync(path.join(clientDir, 'index.html')) ? readShellManifest(clientDir) : null;
}
