import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null;
}

const client = (path: string) => fileURLToPath(new URL(`../src/client/${path}`, import.meta.url));
const ENTRY = client('main.tsx');
// The screens a visit most often starts on, in order: what each adds to the ones before loads as one chunk.
const FIRST_SCREENS = [
  { name: 'app', roots: ['app/boot.tsx'] },
  { name: 'staff', roots: ['app/StaffLayout.tsx', 'features/dashboard/DashboardPage.tsx'] },
  { name: 'player', roots: ['app/PlayerLayout.tsx', 'features/player-area/PlayerDashboardPage.tsx'] },
  { name: 'sign-in', roots: ['features/auth/LoginPage.tsx'] },
].map((s) => ({ name: s.name, roots: s.roots.map(client) }));
const ROOTS = new Set(FIRST_SCREENS.flatMap((s) => s.roots));
// The shared rest of the interface; heavy single-purpose libraries (charts, CSV) and the lazily
// mounted toasts keep their own chunks (the shared score charts go with theirs). The leaderboard's board (staff, player area, public page)
// is shared interface too, its pages are not.
const UI =
  /node_modules[\\/](@mantine[\\/](core|hooks|form|dates)|@floating-ui|@tabler|dayjs|react-remove-scroll|react-number-format|react-textarea-autosize|use-callback-ref|use-sidecar|react-style-singleton|use-composed-ref|use-isomorphic-layout-effect|use-latest|tslib|clsx|get-nonce|detect-node-es|aria-hidden)[\\/]|src[\\/]client[\\/](lib[\\/]|components[\\/](?!ScoreCharts\.))|src[\\/]client[\\/]features[\\/]leaderboard[\\/](?!\w+Page\.tsx$)/;
// Packages whose index only re-exports: an import of the index stands for the modules it names.
const BARRELS: Record<string, RegExp> = {
  '@mantine/core': /@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/,
  '@mantine/hooks': /@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/,
  '@mantine/notifications': /@mantine[\\/]notifications[\\/]esm[\\/]index\.mjs$/,
  '@tabler/icons-react': /@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs$/,
};

/** name → module id, from a barrel's `export { a, default as b } from './x.mjs'` lines. */
function barrelExports(id: string, code: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g)) {
    const target = resolve(dirname(id), m[2]!);
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) map.set(name, target);
    }
  }
  return map;
}

/** The names a module imports from a package: `import { A, B as C } from 'pkg'`. */
function namedImports(code: string, pkg: string): string[] {
  const names: string[] = [];
  const escaped = pkg.replace(/[/.]/g, '\\$&');
  for (const m of code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${escaped}['"]`, 'g'))) {
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return names;
}

/** A barrel's exports by module id, parsed once per build (shared by the closures of one build). */
type BarrelCache = Map<string, Map<string, string>>;

/**
 * What a set of modules really loads: importedIds lists a whole barrel, so an import of a barrel is
 * replaced by the modules of the names imported from it (the barrels have no side effects).
 */
function closure(graph: ModuleGraph, barrels: BarrelCache, roots: string[], skip = new Set<string>()): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id) || skip.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    for (const dep of info?.importedIds ?? []) {
      const pkg = Object.keys(BARRELS).find((p) => BARRELS[p]!.test(dep));
      if (!pkg) {
        stack.push(dep);
        continue;
      }
      if (!barrels.has(dep)) barrels.set(dep, barrelExports(dep, graph.getModuleInfo(dep)?.code ?? ''));
      const exports = barrels.get(dep)!;
      for (const name of namedImports(info?.code ?? '', pkg)) {
        const target = exports.get(name);
        if (target) stack.push(target);
      }
    }
  }
  return seen;
}

/**
 * Rolldown's automatic splitting gave a phone ~70 small chunks per screen, which over HTTP/1.1 (six
 * connections) queue behind one another. Shared code is grouped by when it is first needed instead:
 * "core" is what the entry renders, then what each usual first screen adds, then "ui": every other
 * shared interface module (loaded by the first other screen, then cached).
 */
export function appChunks() {
  let groupOf: Map<string, string> | undefined;
  const groupsOf = (graph: ModuleGraph) => {
    if (!groupOf) {
      const barrels: BarrelCache = new Map();
      const known = closure(graph, barrels, [ENTRY]);
      groupOf = new Map([...known].map((id) => [id, 'core']));
      for (const screen of FIRST_SCREENS) {
        for (const id of closure(graph, barrels, screen.roots, known)) {
          groupOf.set(id, screen.name);
          known.add(id);
        }
      }
    }
    return groupOf;
  };
  return {
    // A grouped module must not drag its dependencies (some belong to another group) along.
    includeDependenciesRecursively: false,
    groups: [
      {
        name: (id: string, graph: ModuleGraph) => {
          if (id === ENTRY || ROOTS.has(id)) return null;
          // A first screen's own helpers travel with it too: one request instead of one per module.
          const group = groupsOf(graph).get(id);
          if (group) return group;
          return UI.test(id) ? 'ui' : null;
        },
      },
    ],
  };
}
