import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One chunk of Vite's build manifest (`build.manifest`: `.vite/manifest.json` in the build). */
interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
}
type Manifest = Readonly<Record<string, ManifestChunk>>;

/**
 * The web app's page for a table: index.html with the table's system screens announced in its
 * head. A system's screens are chunks of their own, loaded lazily (src/web/systems.tsx), so a
 * browser would only ask for them once the app had started, fetched the table and routed: one
 * round trip after another. With `<link rel="modulepreload">` (and the screens' styles) in the page
 * itself, the browser fetches them alongside the app's own script.
 *
 * A system's chunks are the build's lazily loaded modules under `src/web/<system>/` (the folder
 * convention of every system's screens) and what they import, less what the app's entry loads
 * anyway.
 */
export class AppPage {
  private readonly links = new Map<string, string>();

  private constructor(
    private readonly index: string,
    private readonly manifest: Manifest,
  ) {}

  /** Reads the built index.html and manifest of `webRoot` (a build without a manifest: no preloads). */
  static load(webRoot: string): AppPage {
    const index = readFileSync(join(webRoot, 'index.html'), 'utf8');
    const manifestPath = join(webRoot, '.vite', 'manifest.json');
    const manifest = existsSync(manifestPath)
      ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
      : {};
    return new AppPage(index, manifest);
  }

  /** The page for a table of `system` (null: the plain index.html). */
  html(system: string | null): string {
    if (system === null) return this.index;
    let links = this.links.get(system);
    if (links === undefined) {
      links = this.preloadLinks(system);
      this.links.set(system, links);
    }
    return links === '' ? this.index : this.index.replace('</head>', `${links}</head>`);
  }

  private preloadLinks(system: string): string {
    const loadedByEntry = new Set<string>();
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string, into: Set<string>, css: Set<string> | null) => {
      const chunk = this.manifest[key];
      if (!chunk || into.has(chunk.file)) return;
      into.add(chunk.file);
      for (const file of chunk.css ?? []) css?.add(file);
      for (const imported of chunk.imports ?? []) visit(imported, into, css);
    };
    for (const [key, chunk] of Object.entries(this.manifest)) {
      if (chunk.isEntry) visit(key, loadedByEntry, null);
    }
    for (const [key, chunk] of Object.entries(this.manifest)) {
      if (chunk.isDynamicEntry && key.startsWith(`${system}/`)) visit(key, scripts, styles);
    }
    const attr = (file: string) => `/${file}`.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
    return [
      ...[...styles].map((file) => `<link rel="stylesheet" href="${attr(file)}">`),
      ...[...scripts]
        .filter((file) => !loadedByEntry.has(file) && file.endsWith('.js'))
        .map((file) => `<link rel="modulepreload" href="${attr(file)}">`),
    ].join('');
  }
}
