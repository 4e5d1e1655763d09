/**
 * Marks every script a page loads at start with V8's explicit compile hint,
 * `//# allFunctionsCalledOnLoad`. Chrome (136+) then compiles those files'
 * functions on the thread that streams the script in, instead of one by one
 * on the main thread as each is first called: about half of the framework's
 * start-up task, the longest task on every page. Chunks loaded on demand (the
 * carousel, the sanitiser, toasts) stay lazy: many of their functions never run.
 */

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** The few parts of webpack's plugin API used here (Next ships webpack without types). */
interface Source {
  source(): string | Buffer;
}
interface Chunk {
  files: Iterable<string>;
  canBeInitial(): boolean;
}
interface Compilation {
  chunks: Iterable<Chunk>;
  hooks: { processAssets: { tap(options: { name: string; stage: number }, run: () => void): void } };
  updateAsset(file: string, update: (source: Source) => Source): void;
}
export interface Compiler {
  webpack: {
    Compilation: { PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE: number };
    sources: { ConcatSource: new (...parts: (string | Source)[]) => Source };
  };
  hooks: { thisCompilation: { tap(name: string, run: (compilation: Compilation) => void): void } };
}

export class CompileHintsPlugin {
  apply(compiler: Compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap("CompileHintsPlugin", (compilation) => {
      // After minification, which drops comments; before the content hashes, which then cover the hint.
      compilation.hooks.processAssets.tap({ name: "CompileHintsPlugin", stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE }, () => {
        for (const chunk of compilation.chunks) {
          if (!chunk.canBeInitial()) continue;
          for (const file of chunk.files) {
            if (file.endsWith(".js")) compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
          }
        }
      });
    });
  }
}
