import type { Reporter, TestModule } from 'vitest/node';

/** After a run, the slowest test files (import + tests), so CI shows where the suite's time goes. */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules
      .map((m) => {
        const d = m.diagnostic();
        return { file: m.relativeModuleId, seconds: (d.collectDuration + d.duration) / 1000 };
      })
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 8);
    console.log('\nSlowest test files (import + tests):');
    for (const r of rows) console.log(`  ${r.seconds.toFixed(1).padStart(6)} s  ${r.file}`);
  }
}
