// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No module needs itself back through others, type-only imports included (docs/decisions/019).
 * ESLint's import-x/no-cycle skips `import type`, and a type-only cycle still ties modules
 * together: the process state once typed every subsystem and every subsystem imported it. This
 * walks every import and re-export of src/ and db/ (TypeScript, TSX and the frontmatter of Astro
 * components), resolves relative paths and the tsconfig aliases, and lists each cycle.
 */
const ROOTS = ['src', 'db'];
const EXTENSIONS = new Set(['.ts', '.tsx', '.mjs', '.astro']);
const ALIASES: Record<string, string> = { '@shared/': 'src/lib/shared/', '@server/': 'src/lib/server/', '@db/': 'db/' };
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;

function filesBelow(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return filesBelow(file);
    return EXTENSIONS.has(path.extname(entry.name)) ? [file] : [];
  });
}

function importGraph(): Map<string, string[]> {
  const files = new Set(ROOTS.flatMap(filesBelow));
  const resolve = (from: string, specifier: string): string | undefined => {
    const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
    const base = specifier.startsWith('.') ? path.posix.join(path.posix.dirname(from), specifier) : alias ? ALIASES[alias] + specifier.slice(alias.length) : undefined;
    if (base === undefined) return undefined;
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => files.has(candidate));
  };
  return new Map(
    [...files].map((file) => {
      const text = fs.readFileSync(file, 'utf8');
      const imports = [...text.matchAll(IMPORT)].map((match) => resolve(file, match[1]!)).filter((target) => target !== undefined);
      return [file, [...new Set(imports)]];
    }),
  );
}

/** Tarjan's strongly connected components of more than one module (or a module importing itself). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)!.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('imports', () => {
  it('form no cycle, type-only imports included', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(300);
    // The walk sees type-only imports: the runtime's type reaches the workers through one.
    expect(graph.get('src/lib/server/start/workers.ts')).toContain('src/lib/server/platform/runtime.ts');
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle made only of type imports', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
