/**
 * The shop's layout is on every shop page, so every shop page already has what it loads.
 * Webpack sees the layout and each page as entries of their own, though, and
 * when what they share weighs under splitChunks' minSize (20 kB) it copies the
 * shared modules into both: the API client came twice on /sign-up,
 * /forget-password and /reset-password. This cache group moves each module the
 * layout loads at start that another chunk uses too into one chunk, `shell`,
 * which the layout loads on every page: a page takes such a module from there.
 */

/** The shop's root layout (the atelier console's, the other root layout, takes nothing from the shell). */
export const SHOP_LAYOUT = "app/(shop)/layout";

/** The few parts of webpack's chunk graph used here (Next ships webpack without types). */
interface ChunkGroup {
  name?: string | null;
}
interface Chunk {
  canBeInitial(): boolean;
  groupsIterable: Iterable<ChunkGroup>;
}
interface ChunkGraph {
  getModuleChunksIterable(module: unknown): Iterable<Chunk>;
}

/** The atelier console's root layout. */
export const ATELIER_LAYOUT = "app/(atelier)/layout";

/** Whether the layout named `layout` loads `module` at start. */
function inLayout(layout: string, module: unknown, chunkGraph: ChunkGraph): boolean {
  for (const chunk of chunkGraph.getModuleChunksIterable(module)) {
    if (!chunk.canBeInitial()) continue;
    for (const group of chunk.groupsIterable) if (group.name === layout) return true;
  }
  return false;
}

/** Whether the shop's layout loads `module` at start. */
export function inShopLayout(module: unknown, { chunkGraph }: { chunkGraph: ChunkGraph }): boolean {
  return inLayout(SHOP_LAYOUT, module, chunkGraph);
}

/** Whether the atelier console's layout loads `module` at start. */
export function inAtelierLayout(module: unknown, { chunkGraph }: { chunkGraph: ChunkGraph }): boolean {
  return inLayout(ATELIER_LAYOUT, module, chunkGraph);
}

/** The atelier console's chunks (its own root layout and pages): they take nothing from the shop's shell, which would bring the shop's frame along. */
export function ofAtelier(chunk: { name?: string | null }): boolean {
  return chunk.name?.startsWith("app/(atelier)/") ?? false;
}

export const SHELL_CHUNK = {
  name: "shell",
  test: inShopLayout,
  chunks: (chunk: { name?: string | null }) => !ofAtelier(chunk),
  // Shared with at least one other chunk: what only the layout uses stays in its own.
  minChunks: 2,
  minSize: 0,
  // Below Next's framework (40) and large-library (30) groups, above webpack's defaults.
  priority: 20,
} as const;

/** The console's own shell, for the same reason as the shop's: what its layout loads and its pages share, once. */
export const ATELIER_SHELL_CHUNK = {
  name: "atelier-shell",
  test: inAtelierLayout,
  chunks: ofAtelier,
  minChunks: 2,
  minSize: 0,
  priority: 20,
} as const;
